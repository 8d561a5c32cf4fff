// The system tools the product uses where they are the best at a job, each optional: what each one
// enables, and the Debian packages that bring it. `npm start` says in one sentence which are missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** ffmpeg-static (an optional dependency) brings its own ffmpeg where npm could fetch it. */
function bundledFfmpeg() {
  try {
    const path = require('ffmpeg-static');
    return typeof path === 'string' && existsSync(path);
  } catch {
    return false;
  }
}

export const TOOLS = [
  { command: 'ffmpeg', packages: 'ffmpeg', enables: 'uploaded videos and audio' },
  { command: 'pdftotext', packages: 'poppler-utils', enables: 'fast reading of long PDFs and reading scans' },
  { command: 'tesseract', packages: 'tesseract-ocr tesseract-ocr-eng', enables: 'scanned PDFs' },
  { command: 'soffice', packages: 'libreoffice-writer-nogui libreoffice-impress-nogui', enables: '.doc, .ppt, .odt, .odp and .rtf files' },
  { command: 'qpdf', packages: 'qpdf', enables: 'PDFs encrypted with an empty password' },
];

const present = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** One sentence naming the missing tools, what they would enable and how to install them; null when none is missing. */
export function missingTools(tools = TOOLS, has = present) {
  const missing = tools.filter((t) => !(t.command === 'ffmpeg' && (process.env.FFMPEG_PATH || bundledFfmpeg())) && !has(t.command));
  if (!missing.length) return null;
  return (
    `Not installed: ${missing.map((t) => `${t.command} (${t.enables})`).join(', ')}; everything else works, ` +
    `and \`apt-get install ${missing.map((t) => t.packages).join(' ')}\` adds ${missing.length === 1 ? 'it' : 'them'}.`
  );
}
