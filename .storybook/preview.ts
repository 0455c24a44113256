import { setCustomElementsManifest } from '@storybook/web-components-vite';
import cem from '../custom-elements.json';

setCustomElementsManifest(cem);
export default { parameters: { layout: 'centered' } };
