import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// vnu-jar's main export is the path of the jar it ships; its postinstall (which downloads a Java
// runtime) is not approved, so the checker runs on the machine's own java (default-jre-headless).
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));
const INSTALL_JAVA = 'Debian/Ubuntu: apt-get install -y default-jre-headless';

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
}

/**
 * Checks HTML documents with the W3C Nu HTML checker (the validator behind validator.w3.org/nu),
 * all in one JVM run. Answers every document's errors as "message [extract]" lines; a clean
 * document has an empty list. Warnings and info are left out (`--errors-only`).
 */
export async function nuCheck(documents: Record<string, string>): Promise<Record<string, string[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'nu-check-'));
  try {
    const names = Object.keys(documents);
    const files = names.map((name, index) => {
      const file = join(dir, `${index}.html`);
      writeFileSync(file, documents[name]!);
      return file;
    });
    // A short-lived JVM: the C1 compiler alone halves the checker's CPU time on 60 pages (its deeper
    // frames need the larger stack), and the serial collector trims memory by about 70 MB.
    const jvm = ['-Xss8m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];
    const checker = ['-jar', vnuJar, '--errors-only', '--exit-zero-always', '--format', 'json', '--stdout'];
    const run = promisify(execFile)('java', [...jvm, ...checker, ...files], { maxBuffer: 64 * 1024 * 1024 });
    const { stdout } = await run.catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw new Error(`The Nu HTML checker needs java on the PATH (${INSTALL_JAVA})`);
      throw error;
    });
    const errors: Record<string, string[]> = Object.fromEntries(names.map((name) => [name, []]));
    for (const message of (JSON.parse(stdout) as { messages: NuMessage[] }).messages) {
      const index = Number(/\/(\d+)\.html$/.exec(message.url ?? '')?.[1]);
      // A message about no document (a checker failure) is reported under its own name, never dropped.
      const name = names[index] ?? `(checker) ${message.type}`;
      const extract = message.extract ? ` [${message.extract.replace(/\s+/g, ' ').trim()}]` : '';
      (errors[name] ??= []).push(`${message.message}${extract}`);
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
