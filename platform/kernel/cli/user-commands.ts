import { UserAccounts } from '@platform/base';
import { randomPassword } from '@platform/http/password';
import { parseArgs, requirePositionals, stringOption, type ParsedArgs } from './args';
import { print, withKernel } from './boot';

/** `user create <login> --name N [--password X] [--admin]`: accounts without going through sign-up. */
export async function userCreate(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { name: 'string', password: 'string', admin: 'boolean' });
  const [login] = requirePositionals(args, 1, 'login');
  const { password, generated } = choosePassword(args);
  const groups = args.options.admin ? ['base.group_system'] : ['base.group_portal'];
  await withKernel({}, async (kernel) => {
    const uid = await kernel.container.get(UserAccounts).create({ name: stringOption(args, 'name') ?? '', login, password, groups });
    print(`created user '${login}' (id ${uid}, ${args.options.admin ? 'administrator' : 'portal'})`);
    if (generated) print(`password: ${password}`);
  });
}

/** `user passwd <login> [--password X]`: resets a password, e.g. a locked-out administrator's. */
export async function userPasswd(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { password: 'string' });
  const [login] = requirePositionals(args, 1, 'login');
  const { password, generated } = choosePassword(args);
  await withKernel({}, async (kernel) => {
    await kernel.container.get(UserAccounts).setPassword(login, password);
    print(`password changed for '${login}'`);
    if (generated) print(`password: ${password}`);
  });
}

/** --password, else NEW_PASSWORD (keeps it out of `ps`), else a random one printed once. */
function choosePassword(args: ParsedArgs): { password: string; generated: boolean } {
  const given = stringOption(args, 'password') ?? (process.env.NEW_PASSWORD || undefined);
  return given !== undefined ? { password: given, generated: false } : { password: randomPassword(), generated: true };
}
