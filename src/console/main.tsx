// Entry of the merchant console page (console.html): its own chunk and stylesheet, so the
// shopper's checkout page loads none of it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './ConsoleApp';
import './console.css';

const root = document.getElementById('console-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {/* Beside the page: at the server's root or under the path it is mounted at (/ramp/console). */}
      <ConsoleApp baseUrl={new URL('api/ramp', document.baseURI).pathname} />
    </StrictMode>,
  );
}
