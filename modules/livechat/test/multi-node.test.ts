import { expect } from 'chai';
import { loadConfig } from '@platform/core';
import { Kernel } from '../../../test/support/kernel';
import { ADMIN_PASSWORD } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/test-database';
import type { Notification } from '@modules/bus';
import { ServerProcess, WsProbe } from '@modules/bus/test/support';
import type { ChannelInfo, FormattedMessage } from '../server/services/chat-format';

/** The same browser (same cookie) talking to another node. */
function sameBrowser(client: RpcClient, url: string): RpcClient {
  const other = new RpcClient(url);
  other.cookie = client.cookie;
  return other;
}

const bodyOf = (n: Notification) => (n.message as { message: FormattedMessage }).message.body;

// On PostgreSQL the nodes hear each other through LISTEN/NOTIFY; on one SQLite file by reading the table.
describe('livechat across two server processes on one database', function () {
  this.timeout(90_000);
  let database: ThrowawayDatabase;
  let nodeA: ServerProcess;
  let nodeB: ServerProcess;

  before(async () => {
    database = await createThrowawayDatabase();
    const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: database.url, adminPassword: ADMIN_PASSWORD, demo: true };
    const kernel = await Kernel.boot({ config, install: ['livechat'], autoInstall: false });
    await kernel.stop();
    [nodeA, nodeB] = await Promise.all([ServerProcess.start(database.url, { BUS_POLL_TIMEOUT_MS: '3000' }), ServerProcess.start(database.url, { BUS_POLL_TIMEOUT_MS: '3000' })]);
  });
  after(async () => {
    await nodeA?.kill();
    await nodeB?.kill();
    await database?.drop();
  });

  it('carries messages both ways between a visitor on one node and an operator on the other, and survives losing a node', async () => {
    // The operator works on node B.
    const operator = new RpcClient(nodeB.url);
    await operator.authenticate('admin', ADMIN_PASSWORD);
    const operatorWs = await WsProbe.open(nodeB.url, { cookie: operator.cookie });
    operatorWs.subscribe([], 0, { bus_inactivity: 0 });
    await operatorWs.silent(300);

    // The visitor opens its chat on node A; the operator on B is told by the bus across processes.
    const visitor = new RpcClient(nodeA.url);
    // The operator's presence is recorded by node B asynchronously: on a busy machine it can take a
    // moment before node A sees an operator online, so ask again for a few seconds.
    let info: ChannelInfo | false = false;
    for (let i = 0; i < 50 && info === false; i++) {
      info = await visitor.call<ChannelInfo | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Multi' });
      if (info === false) await new Promise((r) => setTimeout(r, 100));
    }
    expect(info).to.not.equal(false);
    const { uuid, id } = info as ChannelInfo;
    const [announce] = await operatorWs.notifications(1);
    expect((announce.message as { type: string }).type).to.equal('livechat.session');
    operatorWs.subscribe([], announce.id); // now a member of the new conversation

    const visitorWs = await WsProbe.open(nodeA.url, { cookie: visitor.cookie });
    visitorWs.subscribe([uuid], announce.id);
    await new Promise((r) => setTimeout(r, 300));

    await visitor.call('/mail/chat_post', { uuid, message_content: 'from A' });
    const [toOperator] = await operatorWs.notifications(1);
    expect(toOperator.channel).to.equal(`mail.channel:${id}`);
    expect(bodyOf(toOperator)).to.equal('from A');
    const [echo] = await visitorWs.notifications(1);
    expect(bodyOf(echo)).to.equal('from A');

    await operator.call('/mail/chat_post', { uuid, message_content: 'from B' });
    const [toVisitor] = await visitorWs.notifications(1);
    expect(bodyOf(toVisitor)).to.equal('from B');
    let last = toVisitor.id;

    // Node A dies; the operator keeps writing on B meanwhile.
    visitorWs.close();
    await nodeA.kill();
    await operator.call('/mail/chat_post', { uuid, message_content: 'while A was down 1' });
    await operator.call('/mail/chat_post', { uuid, message_content: 'while A was down 2' });

    // The visitor's browser resumes on B from the last id it saw: nothing lost, nothing twice, in order.
    const resumed = await WsProbe.open(nodeB.url, { cookie: visitor.cookie });
    resumed.subscribe([uuid], last);
    const missed = await resumed.notifications(2);
    expect(missed.map(bodyOf)).to.deep.equal(['while A was down 1', 'while A was down 2']);
    last = missed[1].id;
    await sameBrowser(visitor, nodeB.url).call('/mail/chat_post', { uuid, message_content: 'back on B' });
    expect((await resumed.notifications(1)).map(bodyOf)).to.deep.equal(['back on B']);
    await resumed.silent(200);

    // The long-poll path resumes the same way.
    await operator.call('/mail/chat_post', { uuid, message_content: 'by long-poll' });
    const polled = await sameBrowser(visitor, nodeB.url).call<Notification[]>('/longpolling/poll', { channels: [uuid], last });
    expect(polled.map(bodyOf)).to.deep.equal(['back on B', 'by long-poll']);
    resumed.close();
    operatorWs.close();
  });
});
