// The elements are defined before Angular renders, so <fe-app> is upgraded when Angular sets its `options` property.
import 'fe-elements';
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { provideRouter } from '@angular/router';
import { App } from './app/app';
import { routes } from './app/routes';

bootstrapApplication(App, { providers: [provideZonelessChangeDetection(), provideRouter(routes)] }).catch((e) => console.error(e));
