import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { AsyncZipDeflate, strToU8, Zip, ZipDeflate } from 'fflate';
import { fileBase, outlineDocx, outlineMarkdown, toSrt, toTxt, toVtt, videoSummaryOutline, type BatchView, type VideoView } from '@visualnotes/contracts';

/** Files above this size are compressed in a worker thread, never on the event loop that answers requests. */
const INLINE_DEFLATE_BYTES = 64 * 1024;

/**
 * The batch as a ZIP, streamed as it is made: a folder per finished video with its transcript
 * (TXT, SRT, VTT) and summary (Markdown and Word, sections linking to their moment), the same
 * files as the video page's downloads (a transcript as Word is left to the video page: writing one
 * for hours of speech would hold up this event loop); failed items are listed in `failed.txt`.
 * Videos are read one at a time.
 */
export function exportBatchZip(batch: BatchView, readVideo: (id: string) => Promise<VideoView>, origin: string): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const add = async (name: string, content: string | Uint8Array) => {
    const bytes = typeof content === 'string' ? strToU8(content) : content;
    const file = bytes.length > INLINE_DEFLATE_BYTES ? new AsyncZipDeflate(name, { level: 6 }) : new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(bytes, true);
    // let the client take what is ready before making more
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  void (async () => {
    const width = String(batch.items.length).length;
    const used = new Set<string>();
    const failed: string[] = [];
    for (const [i, item] of batch.items.entries()) {
      if (out.destroyed) return;
      if (item.status === 'failed') failed.push(`${item.title}: ${item.error ?? ''}`.trim());
      if (item.status !== 'done' || !item.video_id) continue;
      let video: VideoView;
      try {
        video = await readVideo(item.video_id);
      } catch {
        continue; // deleted from the library meanwhile
      }
      let folder = `${String(i + 1).padStart(width, '0')} ${fileBase(video.title)}`;
      while (used.has(folder)) folder += '_';
      used.add(folder);
      await add(`${folder}/transcript.txt`, toTxt(video.transcript));
      await add(`${folder}/transcript.srt`, toSrt(video.transcript));
      await add(`${folder}/transcript.vtt`, toVtt(video.transcript));
      const summary = videoSummaryOutline(video, video.summary, [], origin);
      await add(`${folder}/summary.md`, outlineMarkdown(summary));
      await add(`${folder}/summary.docx`, await outlineDocx(summary));
    }
    if (failed.length) await add('failed.txt', failed.join('\n') + '\n');
    zip.end();
  })().catch((err: Error) => out.destroy(err));
  return out;
}
