import { definePlugin } from '@ops/sdk';

export default definePlugin({
  components: { page: () => import('./DataRetrievalPage') },
});
