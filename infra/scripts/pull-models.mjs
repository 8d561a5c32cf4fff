#!/usr/bin/env node
// Downloads the models of the local AI servers of Compose's `ai` profile once (they keep them in
// their volumes): the speech-to-text model into speaches (ASR_BASE_URL, ASR_MODEL) and the chat
// model into Ollama (AI_BASE_URL, AI_MODEL). Takes minutes the first time, seconds after.
const env = (name) => (process.env[name] ? process.env[name] : undefined);

async function call(url, body) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return text;
}

let failed = false;
const asrBase = env('ASR_BASE_URL');
const asrModel = env('ASR_MODEL');
if (asrBase && asrModel) {
  try {
    // speaches: POST /v1/models/<id> downloads the model (an answer for one already there is fine).
    await call(`${asrBase.replace(/\/$/, '')}/models/${asrModel}`);
    console.log(`speech-to-text model ${asrModel} ready`);
  } catch (err) {
    failed = true;
    console.error(`Cannot download the speech-to-text model ${asrModel}: ${err.message}`);
  }
}
const aiBase = env('AI_BASE_URL');
const aiModel = env('AI_MODEL');
if (aiBase && aiModel) {
  try {
    // Ollama serves the OpenAI protocol under /v1 and its own API (pull) under /api.
    await call(`${new URL(aiBase).origin}/api/pull`, { model: aiModel, stream: false });
    console.log(`chat model ${aiModel} ready`);
  } catch (err) {
    failed = true;
    console.error(`Cannot download the chat model ${aiModel}: ${err.message}`);
  }
}
if (!asrBase && !aiBase) console.log('ASR_BASE_URL and AI_BASE_URL are unset: nothing to download');
process.exit(failed ? 1 : 0);
