// The YouTube and speech-to-text stand-ins of the batch benchmark in a process of their own, so
// that serving the batch's downloads and transcriptions does not slow down the process that times
// another user's video. Started with fork(); talks over IPC:
//   in:  {type: 'start', videos: [{id, title, lengthSeconds, audioFile}], asr: {...OpenAiStandIn options}}
//   out: {type: 'ready', youtubeUrl, asrUrl}
//   in:  {type: 'stats'}  out: {type: 'stats', seconds: [audio seconds of each ASR request], maxInFlight}
//   in:  {type: 'close'}  (closes both and exits)
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { OpenAiStandIn, YoutubeStandIn } = require(join(__dirname, '../../libs/testing/dist/index.js'));

let yt;
let asr;
process.on('message', async (m) => {
  if (m.type === 'start') {
    const videos = m.videos.map(({ audioFile, ...v }) => ({ ...v, audio: readFileSync(audioFile) }));
    yt = await YoutubeStandIn.start(videos);
    asr = await OpenAiStandIn.start(m.asr);
    process.send({ type: 'ready', youtubeUrl: yt.url, asrUrl: asr.url });
  } else if (m.type === 'stats') {
    process.send({ type: 'stats', seconds: asr.files.map((f) => f.seconds), maxInFlight: asr.maxInFlight });
  } else if (m.type === 'close') {
    await asr?.close();
    await yt?.close();
    process.exit(0);
  }
});
