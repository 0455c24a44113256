import { defineConfig } from 'vite';
import { elementsConfig } from './vite.config.ts';

/** `fe-elements/lite` (`dist/lite/`): the elements on preact/compat, from the same modules (vite.config.ts). */
export default defineConfig(elementsConfig(true));
