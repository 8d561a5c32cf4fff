import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OpenAiStandInOptions {
  /** Text of one transcribed file (default: "chunk <n>" from a `chunk-<n>.<ext>` name, with its length). */
  transcribe?: (file: { name: string; bytes: Buffer; seconds: number }) => string;
  /** Milliseconds each transcription takes. */
  latencyMs?: number;
  /** Milliseconds more per second of decoded audio (a hosted endpoint takes longer for longer files). */
  latencyPerAudioSecondMs?: number;
  /** Content of a chat completion (default: a JSON summary made from the bracketed positions). */
  chat?: (messages: { role: string; content: string }[]) => string;
  /** Milliseconds each chat completion takes. */
  chatLatencyMs?: number;
  /** Length of the vectors of `/v1/embeddings` (default 256). */
  embeddingDimensions?: number;
}

/**
 * A local stand-in that speaks OpenAI's protocol: `POST /v1/audio/transcriptions` (multipart,
 * `verbose_json` answers with segments), `POST /v1/chat/completions` and `POST /v1/embeddings`
 * (vectors of a text's words hashed into buckets, so texts sharing words are near each other).
 */
export class OpenAiStandIn {
  private server!: Server;
  url = '';
  readonly transcriptions: string[] = [];
  /** Every file received for transcription, in order of arrival. */
  readonly files: { name: string; contentType: string; bytes: number; seconds: number }[] = [];
  readonly chats: { role: string; content: string }[][] = [];
  /** The inputs of every embeddings request, in order. */
  readonly embedded: string[][] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Chat completions being answered now, and the most at once. */
  chatsInFlight = 0;
  maxChatsInFlight = 0;

  constructor(private readonly options: OpenAiStandInOptions = {}) {}

  static async start(options: OpenAiStandInOptions = {}): Promise<OpenAiStandIn> {
    const s = new OpenAiStandIn(options);
    s.server = createServer((req, res) => void s.handle(req, res).catch(() => res.end()));
    await new Promise<void>((r) => s.server.listen(0, '127.0.0.1', r));
    s.url = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}/v1`;
    return s;
  }

  close(): Promise<void> {
    this.server.closeAllConnections?.();
    return new Promise((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      try {
        const file = filePart(body, String(req.headers['content-type'] ?? ''));
        if (!file) return json(res, 400, { error: { message: 'file is required', type: 'invalid_request_error' } });
        // Like the real endpoint: the format is told by the file name's extension, then decoded.
        const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
        if (!SUPPORTED.includes(ext)) {
          return json(res, 400, { error: { message: `Invalid file format. Supported formats: ${JSON.stringify(SUPPORTED)}`, type: 'invalid_request_error' } });
        }
        const decoded = audioSeconds(file.bytes);
        if (decoded === null && DECODED.has(ext)) {
          return json(res, 400, { error: { message: 'The audio file could not be decoded or its format is not supported.', type: 'invalid_request_error' } });
        }
        const seconds = decoded ?? 0;
        this.files.push({ name: file.name, contentType: file.contentType, bytes: file.bytes.length, seconds });
        const wait = (this.options.latencyMs ?? 0) + (this.options.latencyPerAudioSecondMs ?? 0) * seconds;
        if (wait) await new Promise((r) => setTimeout(r, wait));
        const text = this.options.transcribe?.({ ...file, seconds }) ?? `${/chunk-(\d+)/.exec(file.name)?.[0].replace('-', ' ') ?? 'audio'} spoken words.`;
        this.transcriptions.push(file.name);
        return json(res, 200, {
          task: 'transcribe',
          language: 'english',
          duration: seconds,
          text,
          segments: [
            {
              id: 0,
              seek: 0,
              start: 0,
              end: Math.max(0.1, seconds),
              text: ` ${text}`,
              tokens: [],
              temperature: 0,
              avg_logprob: -0.2,
              compression_ratio: 1,
              no_speech_prob: 0.01,
            },
          ],
        });
      } finally {
        this.inFlight--;
      }
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      const request = JSON.parse(body.toString('utf8')) as { model: string; messages: { role: string; content: string }[] };
      this.chats.push(request.messages);
      const content = this.options.chat?.(request.messages) ?? defaultChat(request.messages);
      if (this.options.chatLatencyMs) {
        this.maxChatsInFlight = Math.max(this.maxChatsInFlight, ++this.chatsInFlight);
        await new Promise((r) => setTimeout(r, this.options.chatLatencyMs)).finally(() => this.chatsInFlight--);
      }
      return json(res, 200, {
        id: `chatcmpl-${this.chats.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    }
    if (req.method === 'POST' && path === '/v1/embeddings') {
      const request = JSON.parse(body.toString('utf8')) as { model?: string; input?: unknown; encoding_format?: string };
      const input = typeof request.input === 'string' ? [request.input] : request.input;
      if (!request.model || !Array.isArray(input) || !input.length || input.some((t) => typeof t !== 'string' || !t)) {
        return json(res, 400, { error: { message: "'input' must be a non-empty string or array of strings", type: 'invalid_request_error' } });
      }
      const texts = input as string[];
      this.embedded.push(texts);
      const dims = this.options.embeddingDimensions ?? 256;
      return json(res, 200, {
        object: 'list',
        model: request.model,
        data: texts.map((text, index) => {
          const vector = wordVector(text, dims);
          // the real endpoint's `base64` form: the little-endian float32 bytes
          const embedding = request.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
          return { object: 'embedding', index, embedding };
        }),
        usage: { prompt_tokens: texts.join(' ').split(/\s+/).length, total_tokens: texts.join(' ').split(/\s+/).length },
      });
    }
    json(res, 404, { error: { message: 'Unknown route', type: 'invalid_request_error' } });
  }
}

/** A text's words of four letters or more (and CJK characters) counted in `dims` hashed buckets, unit length. */
function wordVector(text: string, dims: number): number[] {
  const v = new Array<number>(dims).fill(0);
  const words = text.toLowerCase().match(/[\u3400-\u9fff]|(?:(?![\u3400-\u9fff])[\p{L}\p{N}]){4,}/gu) ?? [];
  for (const w of words) {
    const word = w.length > 4 && w.endsWith('s') ? w.slice(0, -1) : w;
    let h = 2166136261;
    for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
    v[(h >>> 0) % dims] += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

function defaultChat(messages: { role: string; content: string }[]): string {
  const user = messages.at(-1)?.content ?? '';
  if (/numbered passages/.test(messages[0]?.content ?? '')) {
    // an answer from the sentence of the first passage that shares most words with the question, citing it as asked
    const first = /^\[1\] \([^)]*\) (.*)$/m.exec(user)?.[1] ?? '';
    const asked = new Set(
      /^Question: (.*)$/m
        .exec(user)?.[1]
        ?.toLowerCase()
        .match(/\p{L}{4,}/gu) ?? [],
    );
    const shared = (s: string) => (s.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => asked.has(w)).length;
    const sentences = first.split(/(?<=[.!?。])\s*/).filter(Boolean);
    const best = sentences.reduce((a, b) => (shared(b) > shared(a) ? b : a), sentences[0] ?? '');
    return best ? `The sources say: ${best.replace(/[.!?。]$/, '')} [1].` : 'NOT_FOUND';
  }
  if (/overview/.test(messages[0]?.content ?? '')) return JSON.stringify({ overview: 'Model overview of the whole video.' });
  const at = [...user.matchAll(/^\[(?:p\. )?([\d.]+)\]/gm)].map((m) => Number(m[1]));
  return JSON.stringify({ sections: [{ at: at[0] ?? 0, title: 'Model section', points: ['First model point', 'Second model point'] }] });
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

const SUPPORTED = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];
/** Formats this stand-in decodes (their length is read from the file); others are taken as they are. */
const DECODED = new Set(['flac', 'oga', 'ogg', 'wav']);
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Length of a WAV, FLAC or Ogg Opus file from its headers; null when it is none of them or broken. */
function audioSeconds(bytes: Buffer): number | null {
  const magic = bytes.toString('latin1', 0, 4);
  if (magic === 'RIFF') return wavSeconds(bytes);
  if (magic === 'fLaC') return flacSeconds(bytes);
  if (magic === 'OggS') return oggOpusSeconds(bytes);
  return null;
}

function wavSeconds(bytes: Buffer): number | null {
  if (bytes.length < 44 || bytes.toString('latin1', 8, 12) !== 'WAVE') return null;
  const rate = bytes.readUInt32LE(28);
  return rate ? ms((bytes.length - 44) / rate) : null;
}

/** STREAMINFO (the first metadata block): 20-bit sample rate and 36-bit sample count. */
function flacSeconds(b: Buffer): number | null {
  if (b.length < 42 || (b[4] & 0x7f) !== 0) return null;
  const info = 8;
  const rate = (b[info + 10] << 12) | (b[info + 11] << 4) | (b[info + 12] >> 4);
  const samples = (b[info + 13] & 0x0f) * 2 ** 32 + b.readUInt32BE(info + 14);
  return rate ? ms(samples / rate) : null;
}

/** Opus in Ogg: the last page's granule position (48 kHz samples) less the pre-skip of `OpusHead`. */
function oggOpusSeconds(b: Buffer): number | null {
  let at = 0;
  let preSkip: number | null = null;
  let granule = -1n;
  while (at + 27 <= b.length && b.toString('latin1', at, at + 4) === 'OggS') {
    const segments = b[at + 26];
    if (at + 27 + segments > b.length) return null;
    let body = 0;
    for (let i = 0; i < segments; i++) body += b[at + 27 + i];
    const start = at + 27 + segments;
    if (start + body > b.length) return null;
    if (preSkip === null) {
      if (b.toString('latin1', start, start + 8) !== 'OpusHead') return null;
      preSkip = b.readUInt16LE(start + 10);
    }
    const g = b.readBigInt64LE(at + 6);
    if (g >= 0n) granule = g;
    at = start + body;
  }
  if (preSkip === null || granule < 0n || at !== b.length) return null;
  return ms(Math.max(0, Number(granule) - preSkip) / 48_000);
}

/** The `file` part of a multipart/form-data body. */
function filePart(body: Buffer, contentType: string): { name: string; contentType: string; bytes: Buffer } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return null;
  const sep = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(sep);
  while (at >= 0) {
    const next = body.indexOf(sep, at + sep.length);
    if (next < 0) break;
    const part = body.subarray(at + sep.length + 2, next - 2);
    const headEnd = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, headEnd).toString('utf8');
    if (/name="file"/.test(head)) {
      return {
        name: /filename="([^"]*)"/.exec(head)?.[1] ?? 'file',
        contentType: /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1]?.trim() ?? '',
        bytes: part.subarray(headEnd + 4),
      };
    }
    at = next;
  }
  return null;
}
