// The elements are defined before Vue mounts, so <fe-app> is upgraded when Vue sets its `options` property.
import 'fe-elements';
import { createApp } from 'vue';
import App from './App.vue';
import './app.css';

createApp(App).mount('#app');
