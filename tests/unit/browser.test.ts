import { describe, expect, it } from 'vitest';
import { findBrowser, installPlan, notFoundMessage, PATH_NAMES, SYSTEM_CHROMIUM } from '../../scripts/lib/browser.mjs';

// A pretend machine: `files` are the executables that exist, `onPath` maps command names to where PATH finds them.
function machine({ files = [] as string[], onPath = {} as Record<string, string>, env = {} as Record<string, string | undefined>, playwright = '/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome' } = {}) {
  const looked: string[] = [];
  const result = findBrowser({
    env,
    which: (name) => {
      looked.push(name);
      return onPath[name] ?? null;
    },
    exists: (path) => files.includes(path),
    playwrightExecutable: playwright,
  });
  return { result, looked };
}

const PLAYWRIGHT = '/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

describe('findBrowser: the search order', () => {
  const everything = {
    files: ['/opt/mine/chrome', SYSTEM_CHROMIUM, '/usr/local/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', PLAYWRIGHT],
    onPath: { chromium: '/usr/local/bin/chromium', 'chromium-browser': '/usr/bin/chromium-browser', 'google-chrome': '/usr/bin/google-chrome' },
  };

  it('takes CHROMIUM_PATH before anything else', () => {
    expect(machine({ ...everything, env: { CHROMIUM_PATH: '/opt/mine/chrome' } }).result).toEqual({ path: '/opt/mine/chrome', source: 'CHROMIUM_PATH' });
  });

  it('takes CHROME_PATH (Lighthouse\'s name) when CHROMIUM_PATH is not set', () => {
    expect(machine({ ...everything, env: { CHROME_PATH: '/opt/mine/chrome' } }).result).toEqual({ path: '/opt/mine/chrome', source: 'CHROME_PATH' });
  });

  it('then Debian\'s /usr/bin/chromium, without looking at PATH', () => {
    const { result, looked } = machine(everything);
    expect(result).toEqual({ path: SYSTEM_CHROMIUM, source: SYSTEM_CHROMIUM });
    expect(looked).toEqual([]);
  });

  it('then chromium, chromium-browser and google-chrome on PATH, in that order', () => {
    expect(PATH_NAMES).toEqual(['chromium', 'chromium-browser', 'google-chrome']);
    const withoutSystem = { ...everything, files: everything.files.filter((f) => f !== SYSTEM_CHROMIUM) };
    expect(machine(withoutSystem).result).toEqual({ path: '/usr/local/bin/chromium', source: 'chromium on PATH' });

    const onlyLater = { ...withoutSystem, onPath: { 'chromium-browser': '/usr/bin/chromium-browser', 'google-chrome': '/usr/bin/google-chrome' } };
    const second = machine(onlyLater);
    expect(second.result).toEqual({ path: '/usr/bin/chromium-browser', source: 'chromium-browser on PATH' });
    expect(second.looked).toEqual(['chromium', 'chromium-browser']);

    expect(machine({ ...withoutSystem, onPath: { 'google-chrome': '/usr/bin/google-chrome' } }).result).toEqual({ path: '/usr/bin/google-chrome', source: 'google-chrome on PATH' });
  });

  it('skips a PATH entry that is not an executable', () => {
    const { result } = machine({ files: ['/usr/bin/google-chrome'], onPath: { chromium: '/snap/bin/chromium', 'google-chrome': '/usr/bin/google-chrome' } });
    expect(result).toEqual({ path: '/usr/bin/google-chrome', source: 'google-chrome on PATH' });
  });

  it("then Playwright's browser cache, last", () => {
    const { result, looked } = machine({ files: [PLAYWRIGHT] });
    expect(result).toEqual({ path: PLAYWRIGHT, source: "Playwright's browser cache" });
    expect(looked).toEqual(PATH_NAMES);
  });

  it('finds nothing on a machine with no browser (and no Playwright)', () => {
    expect(machine({}).result).toEqual({ path: null });
    expect(machine({ playwright: null as unknown as string }).result).toEqual({ path: null });
  });

  it('never replaces a CHROMIUM_PATH that points nowhere with another browser, and says what to do', () => {
    const { result } = machine({ ...everything, env: { CHROMIUM_PATH: '/opt/gone/chrome' } });
    expect(result.path).toBeNull();
    expect('error' in result && result.error).toBe('CHROMIUM_PATH=/opt/gone/chrome, but there is no executable there. Point CHROMIUM_PATH at a Chromium or Chrome binary, or unset it to let the project find or install one.');
  });

  it('ignores an empty CHROMIUM_PATH', () => {
    expect(machine({ ...everything, env: { CHROMIUM_PATH: '' } }).result).toEqual({ path: SYSTEM_CHROMIUM, source: SYSTEM_CHROMIUM });
  });
});

describe('installPlan: how a missing browser gets installed', () => {
  const withApt = (name: string) => (name === 'apt-get' ? '/usr/bin/apt-get' : null);
  const noApt = () => null;

  it("as root on Debian: apt's chromium first, then Playwright's download", () => {
    const plan = installPlan({ platform: 'linux', uid: 0, sudo: false, which: withApt });
    expect(plan.map((step) => step.name)).toEqual(['apt', 'playwright']);
    expect(plan[0]!.commands).toEqual([
      ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'update', '-qq'],
      ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium'],
    ]);
    expect(plan[0]!.say).toBe("No Chromium found: installing Debian's chromium package with apt-get (once, about 100 MB)…");
  });

  it('with password-less sudo: the same through sudo -n, and says so', () => {
    const [apt] = installPlan({ platform: 'linux', uid: 1000, sudo: true, which: withApt });
    expect(apt!.commands.every((command) => command[0] === 'sudo' && command[1] === '-n')).toBe(true);
    expect(apt!.say).toContain('with sudo apt-get');
  });

  it("without root or sudo, without apt, or off Linux: only Playwright's download", () => {
    for (const options of [
      { platform: 'linux', uid: 1000, sudo: false, which: withApt },
      { platform: 'linux', uid: 0, sudo: false, which: noApt },
      { platform: 'darwin', uid: 501, sudo: true, which: withApt },
      { platform: 'win32', uid: null, sudo: false, which: noApt },
    ]) {
      const plan = installPlan(options);
      expect(plan.map((step) => step.name)).toEqual(['playwright']);
      expect(plan[0]!.commands).toHaveLength(1);
      expect(plan[0]!.commands[0]!.slice(-2)).toEqual(['install', 'chromium']);
      expect(plan[0]!.commands[0]![0]).toMatch(/node_modules\/\.bin\/playwright$/);
      expect(plan[0]!.say).toBe("No Chromium found: downloading Playwright's Chromium with `npx playwright install chromium` (once, about 170 MB)…");
    }
  });

  it('each step announces itself in one line', () => {
    for (const step of installPlan({ platform: 'linux', uid: 0, sudo: false, which: withApt })) expect(step.say).not.toContain('\n');
  });
});

describe('notFoundMessage: what to run when nothing worked', () => {
  it('names the exact commands and CHROMIUM_PATH', () => {
    const message = notFoundMessage();
    expect(message.split('\n')[0]).toBe('No Chromium found and none could be installed. Run one of these, then try again:');
    expect(message).toContain('sudo apt-get install -y chromium');
    expect(message).toContain('npx playwright install chromium');
    expect(message).toContain('export CHROMIUM_PATH=/path/to/chrome');
  });

  it('says which installs failed', () => {
    expect(notFoundMessage({ tried: ['env DEBIAN_FRONTEND=noninteractive apt-get update -qq failed', 'playwright installed no browser'] }).split('\n')[0]).toBe(
      'No Chromium found and none could be installed (tried: env DEBIAN_FRONTEND=noninteractive apt-get update -qq failed; playwright installed no browser). Run one of these, then try again:',
    );
  });
});
