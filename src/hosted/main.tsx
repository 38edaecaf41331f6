// The hosted checkout page (index.html): configured by its query string, see start.tsx.
import './hosted.css';
import { startHostedPage } from './start';

const container = document.getElementById('root');
if (container) startHostedPage(window, container);
