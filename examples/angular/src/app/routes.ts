import { CUSTOM_ELEMENTS_SCHEMA, Component, inject } from '@angular/core';
import { RouterLink, type Routes } from '@angular/router';
import { Session } from './session';

/** `/`: the signed-in user. */
@Component({
  selector: 'app-home',
  imports: [RouterLink],
  template: `
    <section class="panel" data-testid="signed-in">
      <h1>Welcome back</h1>
      <p>
        Signed in as <strong data-testid="email">{{ session.user()?.email }}</strong>
      </p>
      <p><a routerLink="/admin">Admin portal</a></p>
      <button type="button" (click)="session.logout()">Sign out</button>
    </section>
  `,
})
export class Home {
  protected readonly session = inject(Session);
}

/** `/admin`: `<fe-admin-portal>`, its sections loaded on demand. */
@Component({
  selector: 'app-admin',
  imports: [RouterLink],
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <section class="panel wide">
      <h1>Admin portal</h1>
      <p><a routerLink="/">Back to the app</a></p>
      <fe-admin-portal />
    </section>
  `,
})
export class Admin {}

export const routes: Routes = [
  { path: '', component: Home },
  { path: 'admin', component: Admin },
  { path: '**', redirectTo: '' },
];
