import { rpc, RpcError } from '@platform/web/client';

export type ChatRpc = <T>(url: string, params?: Record<string, unknown>) => Promise<T>;

/**
 * On the site: the platform's rpc (session cookie). Embedded on another site: the same calls with the
 * visitor's session id in the X-Openerp-Session-Id header, since the iframe cannot use the cookie.
 */
export function chatRpc(sessionId: () => string | null): ChatRpc {
  return async <T>(url: string, params: Record<string, unknown> = {}): Promise<T> => {
    const sid = sessionId();
    if (!sid) return rpc<T>(url, params);
    let body: { result?: T; error?: { code: number; message: string; data?: { name?: string; message?: string } } };
    try {
      const res = await fetch(url, {
        method: 'POST', credentials: 'omit',
        headers: { 'Content-Type': 'application/json', 'X-Openerp-Session-Id': sid },
        body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: Date.now(), params }),
      });
      body = await res.json();
    } catch {
      throw new RpcError(0, 'ConnectionLost', 'The server cannot be reached. Check your connection and try again.');
    }
    if (body.error) throw new RpcError(body.error.code, body.error.data?.name ?? 'ServerError', body.error.data?.message ?? body.error.message, body.error.data);
    return body.result as T;
  };
}

/** The name the rpc layers give an error when the server could not be reached (network down, server away). */
export const CONNECTION_LOST = 'ConnectionLost';

export function isConnectionLost(err: unknown): boolean {
  return err instanceof RpcError && err.name === CONNECTION_LOST;
}

/**
 * True when the server says the chat session is not (or no longer) this browser's: collected,
 * deleted, or owned by another session. Only then may a window forget its session; any other
 * failure (lost connection, proxy error, restarting server) says nothing about the session.
 */
export function isSessionGone(err: unknown): boolean {
  return err instanceof RpcError && (err.name === 'AccessError' || err.name === 'MissingError');
}

/**
 * Posts a chat line and resolves with the message id. A lost connection is retried once (a
 * flaky network often answers the second time); a refusal (ValidationError, AccessError, rate
 * limit...) would only be refused again, so it is thrown at once.
 */
export async function postChatLine(call: ChatRpc, uuid: string, text: string): Promise<number> {
  const post = () => call<number>('/mail/chat_post', { uuid, message_content: text });
  try {
    return await post();
  } catch (err) {
    if (!isConnectionLost(err)) throw err;
    return post();
  }
}
