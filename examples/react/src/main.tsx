// The elements are defined before React renders: React 19 then sets `options` as a property on <fe-app>
// (it checks `key in element`), not as an "[object Object]" attribute.
import 'fe-elements';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './app.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
