import { CUSTOM_ELEMENTS_SCHEMA, Component } from '@angular/core';
import type {} from 'fe-elements/angular';

/**
 * Deliberate template mistakes against `fe-elements/angular` (HTMLElementEventMap), outside the app (main.ts
 * does not import it, so `ng build` never compiles it): the app's own templates (app.ts, routes.ts) bind the same
 * events correctly. Angular templates have no `@ts-expect-error`, so test/node/examples-types.test.ts compiles this
 * component with ngc (strictTemplates) and expects an error on each line after a `@ng-mistake` marker, about the
 * name in backticks, and none once those lines are removed.
 */
@Component({
  selector: 'app-typecheck-mistake',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  templateUrl: './typecheck-mistake.html',
})
export class TypecheckMistake {
  protected onLogin(event: HTMLElementEventMap['fe-login']): void {
    void event.detail.user.email;
  }

  protected onEmail(email: string | undefined): void {
    void email;
  }
}
