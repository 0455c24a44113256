import { CUSTOM_ELEMENTS_SCHEMA, Component, ElementRef, inject, viewChild, type AfterViewInit } from '@angular/core';
import { Router, RouterOutlet } from '@angular/router';
import type { FeAppElement } from 'fe-elements';
// `$event` of `(fe-login)`, `(fe-logout)` … : the event classes, through HTMLElementEventMap (strictTemplates)
import type {} from 'fe-elements/angular';
import { Session } from './session';

/**
 * The root: `<fe-app>` with `[options]` (a JS object, bound as a property) and `(fe-*)` event bindings; the login
 * box while signed out, the app's routes once signed in. CUSTOM_ELEMENTS_SCHEMA lets the fe-* tags through.
 */
@Component({
  selector: 'app-root',
  imports: [RouterOutlet],
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <fe-app
      #feApp
      base-url="/"
      client-id="demo-client"
      [options]="options"
      (fe-login)="onLogin($event)"
      (fe-logout)="onLogout($event)"
      (fe-session-change)="onSessionChange($event)"
    >
      <header>
        <strong>Acme</strong>
        <span data-testid="who">{{ session.user()?.email }}</span>
      </header>
      <main>
        @switch (session.user()) {
          @case (undefined) {
            <p>Loading…</p>
          }
          @case (null) {
            <h1>Welcome to Acme</h1>
            <fe-login-box />
          }
          @default {
            <router-outlet />
          }
        }
      </main>
    </fe-app>
  `,
})
export class App implements AfterViewInit {
  protected readonly session = inject(Session);
  private readonly router = inject(Router);
  private readonly feApp = viewChild.required<ElementRef<FeAppElement>>('feApp');

  /** `<fe-app [options]>`. Where the elements navigate (after sign-in …): this app's router. */
  protected readonly options: FeAppElement['options'] = {
    navigate: (url) => {
      const target = new URL(url, location.href);
      if (target.origin === location.origin) void this.router.navigateByUrl(target.pathname + target.search + target.hash);
      else location.assign(target.href); // e.g. an SSO identity provider (the app checked the URL is safe)
    },
  };

  ngAfterViewInit(): void {
    this.session.app = this.feApp().nativeElement;
  }

  protected onLogin(event: HTMLElementEventMap['fe-login']): void {
    this.session.user.set(event.detail.user);
  }

  /** Signed out here, or in another tab (`detail.remote`). */
  protected onLogout(_event: HTMLElementEventMap['fe-logout']): void {
    this.session.user.set(null);
    void this.router.navigateByUrl('/');
  }

  protected onSessionChange(event: HTMLElementEventMap['fe-session-change']): void {
    if (!event.detail.isAuthenticated) this.session.user.set(null);
  }
}
