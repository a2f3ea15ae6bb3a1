import '@blueprintjs/core/lib/css/blueprint.css';
import './global.css';
import { createRoot } from 'react-dom/client';
import { fetchRuntimeConfig } from '../config/RuntimeConfig';
import { installIconLoader } from '../ui/iconLoader';
import { App } from './App';
import { appStrings } from './appStrings';
import { createAppServices } from './AppServices';
import { installPreloadErrorNotice } from './preloadErrorNotice';

// First, so a chunk that fails to load at any point offers a reload instead of a blank page.
installPreloadErrorNotice({ target: window });
installIconLoader();
const config = await fetchRuntimeConfig();
const services = createAppServices(config);
const root = document.getElementById('root');
if (!root) throw new Error(appStrings.missingRoot);
createRoot(root).render(<App services={services} />);
