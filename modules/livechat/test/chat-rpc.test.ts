import { expect } from 'chai';
import { RpcError } from '@platform/web/client';
import { CONNECTION_LOST, isSessionGone, postChatLine, type ChatRpc } from '../web/chat-rpc';

/** A fake rpc answering /mail/chat_post with the given outcomes in turn, recording every call. */
function scripted(...outcomes: Array<number | Error>): { call: ChatRpc; calls: Array<Record<string, unknown> | undefined> } {
  const calls: Array<Record<string, unknown> | undefined> = [];
  const call = (async (_url: string, params?: Record<string, unknown>) => {
    calls.push(params);
    const next = outcomes.shift();
    if (next instanceof Error) throw next;
    return next;
  }) as ChatRpc;
  return { call, calls };
}

const lost = () => new RpcError(0, CONNECTION_LOST, 'The server cannot be reached.');

describe('chat rpc helpers', () => {
  describe('postChatLine', () => {
    it('posts once when the server answers', async () => {
      const { call, calls } = scripted(7);
      expect(await postChatLine(call, 'u1', 'hi')).to.equal(7);
      expect(calls).to.deep.equal([{ uuid: 'u1', message_content: 'hi' }]);
    });

    it('retries once after a lost connection, and gives up after a second one', async () => {
      const again = scripted(lost(), 8);
      expect(await postChatLine(again.call, 'u1', 'hi')).to.equal(8);
      expect(again.calls).to.have.length(2);
      const down = scripted(lost(), lost(), 9);
      const err = await postChatLine(down.call, 'u1', 'hi').catch((e: unknown) => e);
      expect((err as RpcError).name).to.equal(CONNECTION_LOST);
      expect(down.calls).to.have.length(2);
    });

    it('does not retry a refusal: validation, access, rate limit (UserError), internal error', async () => {
      for (const name of ['ValidationError', 'AccessError', 'UserError', 'InternalError', 'ServerError']) {
        const { call, calls } = scripted(new RpcError(200, name, 'no'), 1);
        const err = await postChatLine(call, 'u1', 'hi').catch((e: unknown) => e);
        expect((err as RpcError).name, name).to.equal(name);
        expect(calls, name).to.have.length(1);
      }
    });
  });

  it('isSessionGone: only the server saying the session is not ours or does not exist', () => {
    expect(isSessionGone(new RpcError(200, 'AccessError', 'not yours'))).to.equal(true);
    expect(isSessionGone(new RpcError(200, 'MissingError', 'gone'))).to.equal(true);
    expect(isSessionGone(lost())).to.equal(false);
    expect(isSessionGone(new RpcError(502, 'ServerError', 'Unexpected answer from the server (HTTP 502).'))).to.equal(false);
    expect(isSessionGone(new TypeError('Failed to fetch'))).to.equal(false);
    // A plain Error that merely carries the name is not an answer from the server.
    expect(isSessionGone(Object.assign(new Error('x'), { name: 'AccessError' }))).to.equal(false);
  });
});
