import '@blueprintjs/core/lib/css/blueprint.css';
import './global.css';
import { createRoot } from 'react-dom/client';
import { fetchRuntimeConfig } from '../config/RuntimeConfig';
import { installIconLoader } from '../ui/iconLoader';
import { App } from './App';
import { createAppServices } from './AppServices';

installIconLoader();
const config = await fetchRuntimeConfig();
const services = createAppServices(config);
const root = document.getElementById('root');
if (!root) throw new Error('缺少 #root 挂载点');
createRoot(root).render(<App services={services} />);
