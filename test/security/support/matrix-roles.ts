import { UserAccounts } from '@platform/base';
import type { TestKernel } from '../../support/harness';
import { RpcClient } from '../../support/rpc-client';
import { groupClosure, type ManifestShape } from './manifest-access';

/** The group every user of a base kind has: not a role of its own beyond visitor, portal and internal. */
export const KIND_GROUPS = { visitor: 'base.group_public', portal: 'base.group_portal', internal: 'base.group_user' } as const;
const ADMIN_GROUP = 'base.group_system';

/** One role of the access matrices: who it is, the group it was given and every group that implies, its client. */
export interface MatrixRole {
  name: string;
  group: string;
  groups: Set<string>;
  client: RpcClient;
}

/**
 * The roles of the security matrices, signed in once and shared by their tests: a visitor, a portal
 * user, an internal user, and a user holding only each group a manifest defines (publisher, designer,
 * each module's manager, the chat operator, the mail administrator...) with what it implies. The
 * administrator is not one: every right and every route is theirs.
 */
export async function signInMatrixRoles(tk: TestKernel, manifests: ManifestShape[]): Promise<MatrixRole[]> {
  const closure = groupClosure(manifests);
  const accounts = tk.get(UserAccounts);
  const visitor = new RpcClient(tk.url);
  await visitor.get('/');
  const roles: MatrixRole[] = [{ name: 'visitor', group: KIND_GROUPS.visitor, groups: closure(KIND_GROUPS.visitor), client: visitor }];
  const others: Array<[string, string]> = [
    ['portal', KIND_GROUPS.portal], ['internal', KIND_GROUPS.internal],
    ...manifests.flatMap((m) => m.groups ?? []).map((g) => g.id)
      .filter((id) => id !== ADMIN_GROUP && !Object.values(KIND_GROUPS).includes(id as never)).map((id): [string, string] => [id, id]),
  ];
  // created and signed in side by side: each is a password hash or two
  roles.push(...await Promise.all(others.map(async ([name, group]) => {
    const login = `matrix-${name.replace(/\W+/g, '-')}@example.com`;
    // a portal user is the account without groups; the others hold theirs (what they imply comes along)
    await accounts.create({ name: `Matrix ${name}`, login, password: 'matrix-pass-123', groups: group === KIND_GROUPS.portal ? undefined : [group] });
    const client = new RpcClient(tk.url);
    await client.authenticate(login, 'matrix-pass-123');
    return { name, group, groups: closure(group), client };
  })));
  return roles;
}
