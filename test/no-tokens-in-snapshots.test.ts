/**
 * Tokens never enter machine context (issue 12): the access token goes api →
 * actors → app/stores → client, the MFA token stays with the actors. Every
 * state of every flow story (stories/<flow>-states.ts, the login box's in
 * stories/login-states.ts, the admin dialogs' in stories/admin-<flow>-states.ts)
 * is resolved from its machine exactly as its story element does
 * (stories/support/flows.ts, stories/support/admin-dialogs.ts), started on idle
 * actors, and the JSON of its snapshot — children (the MFA machine) included —
 * must hold no JWT.
 */
import { expect } from '@open-wc/testing';
import type { AnyActorRef } from 'xstate';
import { createFeApp } from '../src/app/app.ts';
import { flowStories, type StateSpec } from '../stories/support/flow-story.tsx';
import '../stories/support/flows.ts';
import '../stories/support/admin-dialogs.ts';

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;
const app = createFeApp({ baseUrl: 'https://preview.invalid', preview: true, name: 'no-tokens-in-snapshots', logLevel: 'error' });

/** The states file of a story element: `fe-<flow>-story` → stories/<flow>-states.ts (the login box's: login-states.ts). */
const statesFileOf = (tag: string) => (tag === 'fe-login-box-story' ? 'login' : tag.replace(/^fe-/, '').replace(/-story$/, ''));

/** The maps of states a states module exports (`{ name: { value, context? } }`). */
function stateMaps(module: Record<string, unknown>): Record<string, StateSpec>[] {
  const isSpec = (v: unknown) => !!v && typeof v === 'object' && 'value' in v;
  return Object.values(module).filter(
    (v): v is Record<string, StateSpec> => !!v && typeof v === 'object' && !isSpec(v) && Object.values(v).length > 0 && Object.values(v).every(isSpec),
  );
}

/** The JSON of an actor's snapshot, its persisted form (children included) and each child's own snapshot. */
function snapshotJson(actor: AnyActorRef): string {
  const snapshot = actor.getSnapshot() as { context?: unknown; children?: Record<string, AnyActorRef | undefined> };
  const children = Object.values(snapshot.children ?? {}).map((child) => child?.getSnapshot?.());
  return JSON.stringify([snapshot.context, actor.getPersistedSnapshot(), children]);
}

describe('no token in any snapshot of any story state', () => {
  it('the check finds a JWT where there is one (a login state with a token in its context)', () => {
    const make = flowStories.get('fe-login-box-story')!.make;
    const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl';
    const actor = make(app, { value: { preLogin: 'idle' }, context: { user: { email: 'a@b.test', accessToken: token } } });
    expect(snapshotJson(actor)).to.match(JWT);
  });

  it('every flow story is checked (the login box, its MFA steps and step-up among them)', () => {
    expect([...flowStories.keys()]).to.include.members(['fe-login-box-story', 'fe-step-up-story', 'fe-forgot-password-story', 'fe-reset-password-story']);
  });

  for (const [tag, story] of flowStories) {
    it(`${tag}: no state of stories/${statesFileOf(tag)}-states.ts holds a JWT`, async () => {
      const module = (await import(`../stories/${statesFileOf(tag)}-states.ts`)) as Record<string, unknown>;
      const maps = stateMaps(module);
      expect(maps.length, `state maps in ${statesFileOf(tag)}-states.ts`).to.be.greaterThan(0);
      let checked = 0;
      for (const states of maps) {
        for (const [name, spec] of Object.entries(states)) {
          const actor = story.make(app, spec);
          actor.start();
          try {
            expect(snapshotJson(actor), `${tag} ${name}`).to.not.match(JWT);
          } finally {
            actor.stop();
          }
          checked++;
        }
      }
      expect(checked).to.be.greaterThan(0);
    });
  }
});
