// Push at scale on one instance (npm run bench:push-scale): see bench/capacity/pushScale.ts.
import { measurePushScale } from './capacity/pushScale';

const { p99Ratio, report } = await measurePushScale();
for (const line of report) console.info(line);
if (!(p99Ratio <= 2)) process.exitCode = 1;
