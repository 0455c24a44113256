import { expect } from '@open-wc/testing';
import { createActor, fromPromise, waitFor } from 'xstate';
import { adminScimConnectionMachine, connectionNameProblem } from '../machines/admin-scim-connection.machine.ts';
import type { CreateScimConnectionRequest, NewScimConnection } from '../src/admin/resources/provisioning.ts';

/** The machine whose `createConnection` answers `answer` (an Error is a refusal); `calls` records each create body. */
function start(answer: () => Promise<NewScimConnection>) {
  const calls: CreateScimConnectionRequest[] = [];
  const machine = adminScimConnectionMachine.provide({
    actors: {
      createConnection: fromPromise<NewScimConnection, CreateScimConnectionRequest>(async ({ input }) => {
        calls.push(input);
        return answer();
      }),
    },
  });
  const actor = createActor(machine, { input: {} });
  const emitted: NewScimConnection[] = [];
  actor.on('created', (e) => emitted.push(e.connection));
  actor.start();
  return { actor, calls, emitted };
}

const made: NewScimConnection = { id: 'c1', connectionName: 'Okta prod', token: 'secret-token', source: 'okta', scimUrl: 'http://x/frontegg/scim/v2/c1' };

describe('create-connection machine (machines/admin-scim-connection.machine.ts)', () => {
  it('AB-3.23 a connection name is required (trimmed) and at most 100 characters', () => {
    expect(connectionNameProblem('  ')).to.equal('required');
    expect(connectionNameProblem('x'.repeat(101))).to.equal('tooLong');
    expect(connectionNameProblem(' Okta ')).to.equal(null);
  });

  it('AB-3.23 AB-7.53 choose the source, name it, create: the token travels once in `created`, never in the context', async () => {
    const { actor, calls, emitted } = start(async () => made);
    expect(actor.getSnapshot().value).to.equal('choosing');
    actor.send({ type: 'source.choose', source: 'okta' });
    expect(actor.getSnapshot().value).to.equal('naming');
    // an empty name does not submit
    actor.send({ type: 'name.submit', connectionName: '   ' });
    expect(actor.getSnapshot().value).to.equal('naming');
    actor.send({ type: 'name.submit', connectionName: '  Okta prod ' });
    const done = await waitFor(actor, (s) => s.matches('created'));
    expect(calls).to.deep.equal([{ source: 'okta', connectionName: 'Okta prod', syncToUserManagement: true }]);
    expect(emitted).to.deep.equal([made]);
    expect(done.context.created).to.deep.equal({ id: 'c1', connectionName: 'Okta prod' });
    expect(JSON.stringify(done.context)).to.not.contain('secret-token');
    actor.send({ type: 'token.dismiss' });
    expect(actor.getSnapshot().status).to.equal('done');
  });

  it('AB-3.23 a refused creation goes back to naming with the error and the name kept; back returns to the source, kept', async () => {
    const { actor, emitted } = start(async () => {
      throw Object.assign(new Error('Not authorized'), { statusCode: 403 });
    });
    actor.send({ type: 'source.choose', source: 'azure-ad' });
    actor.send({ type: 'name.submit', connectionName: 'Entra' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    const failed = await waitFor(actor, (s) => s.matches('naming') && s.context.error !== null);
    expect(failed.context.error).to.deep.include({ message: 'Not authorized', statusCode: 403 });
    expect(failed.context.connectionName).to.equal('Entra');
    expect(emitted).to.deep.equal([]);
    actor.send({ type: 'source.back' });
    expect(actor.getSnapshot().value).to.equal('choosing');
    expect(actor.getSnapshot().context.source).to.equal('azure-ad');
    actor.stop();
  });
});
