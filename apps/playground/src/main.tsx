import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createPlayground } from './createPlayground';
import './styles.css';

const container = document.getElementById('root');
if (container) {
  // One set of clients for the page, created outside React so StrictMode's
  // double rendering never makes a second token manager.
  const playground = createPlayground();
  createRoot(container).render(
    <StrictMode>
      <App playground={playground} />
    </StrictMode>,
  );
}
