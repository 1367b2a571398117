/** How the docs' shell blocks are cut into the commands a reader pastes, and how a session fills in their ids. */
import { describe, expect, it } from 'vitest';
import { shellBlocks, shellCommands, ShellSession } from './shell';

describe('shellCommands', () => {
  it('joins continuation lines and JSON bodies left open over lines; a trailing comment is the promise, not code', () => {
    const block = [
      '# A charge (prose, not a command).',
      '',
      'curl -H "A: b" http://127.0.0.1:3000/v1/x \\',
      `  -d '{"a":1,`,
      `       "b":"# not a comment"}'   # → tra_…, pending`,
      'curl http://127.0.0.1:3000/v1/y#frag   # 200',
    ].join('\n');
    expect(shellCommands(block)).toEqual([
      {
        source: `curl -H "A: b" http://127.0.0.1:3000/v1/x \\\n  -d '{"a":1,\n       "b":"# not a comment"}'   # → tra_…, pending`,
        code: `curl -H "A: b" http://127.0.0.1:3000/v1/x \\\n  -d '{"a":1,\n       "b":"# not a comment"}'`,
        promise: '→ tra_…, pending',
        line: 3,
      },
      { source: 'curl http://127.0.0.1:3000/v1/y#frag   # 200', code: 'curl http://127.0.0.1:3000/v1/y#frag', promise: '200', line: 6 },
    ]);
  });

  it('refuses a block whose last command never ends (a quote left open)', () => {
    expect(() => shellCommands(`curl -d '{"a":1}\n`)).toThrow('an unfinished command (an open quote or a trailing \\) at line 1');
  });

  it('finds the sh blocks of a Markdown text, and only those', () => {
    expect(shellBlocks('text\n```sh\necho a\n```\n```ts\nx\n```\n```bash\necho b\n```\n')).toEqual(['echo a\n', 'echo b\n']);
  });
});

describe('ShellSession.substitute', () => {
  it("puts in the reader's key, address and the ids earlier answers printed, and refuses an id none printed", () => {
    const session = new ShellSession('http://127.0.0.1:41234', 'sk_test_abc');
    session.ids.set('tra', 'tra_0123456789abcdef');
    expect(session.substitute('export K=sk_test_…; curl http://localhost:3000/v1/transactions/tra_…')).toBe(
      'export K=sk_test_abc; curl http://127.0.0.1:41234/v1/transactions/tra_0123456789abcdef',
    );
    expect(() => session.substitute('curl http://127.0.0.1:3000/v1/wallets/wall_…')).toThrow('wall_…: no earlier answer printed a wall_ id');
  });
});

describe('ShellSession.run', () => {
  it('remembers, per prefix, the first id of the latest answer holding one; an export stays for later commands', async () => {
    const session = new ShellSession('http://127.0.0.1:41234', 'sk_test_abc', { PATH: '' });
    const command = (code: string) => ({ source: code, code, promise: undefined, line: 1 });
    await session.run(command(`echo '{"id":"tra_aaaaaaaaaaaaaaaa","customer":{"id":"cus_bbbbbbbbbbbbbbbb"},"other":"tra_cccccccccccccccc"}'`));
    await session.run(command(`echo '{"id":"cus_dddddddddddddddd","key":"sk_test_eeeeeeeeeeee"}'`));
    expect(Object.fromEntries(session.ids)).toEqual({ tra: 'tra_aaaaaaaaaaaaaaaa', cus: 'cus_dddddddddddddddd' });
    await session.run(command('export GREETING=hello'));
    expect((await session.run(command('echo "$GREETING tra_…"'))).body).toBe('hello tra_aaaaaaaaaaaaaaaa\n');
  });

  it('fails a command that prints an error, even when it goes on and exits 0 (a tool missing from the PATH)', async () => {
    const session = new ShellSession('http://127.0.0.1:41234', 'sk_test_abc', { PATH: '' });
    const code = 'echo "key: $(uuidgen)"';
    await expect(session.run({ source: code, code, promise: undefined, line: 7 })).rejects.toThrow(/^line 7 exited 0: .*uuidgen: (command not found|No such file)/);
  });
});
