// CI runs a new developer's set-up and nothing more: the npm commands of .ci/run are exactly the
// README's quick start, in order, without extra flags, and CI has no browser step of its own
// (npm test finds or installs Chromium through scripts/lib/browser.mjs, for everyone alike).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** Shell text without its comments and without what is quoted (messages, arguments), which runs nothing. */
const code = (shell: string) =>
  shell
    .split('\n')
    .map((line) => line.replace(/"[^"]*"|'[^']*'/g, '""').replace(/(^|\s)#.*$/, ''))
    .join('\n');

/** Every `npm …` command in shell text, in order, up to the end of the command. */
function npmCommands(shell: string): string[] {
  const commands: string[] = [];
  for (const line of code(shell).split('\n')) {
    for (const match of line.matchAll(/(?:^|[\s;&|(])(npm(?:\s+[^\s;&|)#>]+)+)/g)) commands.push(match[1]!.trim().replace(/\s+/g, ' '));
  }
  return commands;
}

/** The shell block of the README's "Quick start" section. */
function quickStart(readme: string): string {
  const section = /^## Quick start\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (!section) throw new Error('README.md has no "## Quick start" section');
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('the Quick start section has no ```sh block');
  return block;
}

describe('.ci/run runs exactly the README commands', () => {
  const readme = quickStart(read('README.md'));
  const ci = read('.ci/run');

  it('reads the commands the way a shell would', () => {
    expect(npmCommands('npm install && npm start   # the site\nnpm test')).toEqual(['npm install', 'npm start', 'npm test']);
    expect(npmCommands('PORT="$port" setsid npm start > "$log" 2>&1 &\n# npm ci is not used\necho "npm install changed it"\nnpm run --silent build:origin;npm test')).toEqual(['npm start', 'npm run --silent build:origin', 'npm test']);
  });

  it('the quick start is install, start and test', () => {
    expect(npmCommands(readme)).toEqual(['npm install', 'npm start', 'npm test']);
  });

  it('.ci/run runs the same commands in the same order, with no flags of its own', () => {
    expect(npmCommands(ci)).toEqual(npmCommands(readme));
  });

  it('.ci/run installs no browser itself and checks that the install leaves the lock file as it was', () => {
    expect(code(ci)).not.toMatch(/apt-get|playwright|chrom/i);
    expect(ci).toMatch(/lock_before="\$\(sha256sum package-lock\.json\)"\nnpm install\n\[ "\$\(sha256sum package-lock\.json\)" = "\$lock_before" \] \|\| \{[^}]*exit 1; \}/);
  });
});
