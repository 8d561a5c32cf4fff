// A worker for the thread pool's tests: it spins, allocates or answers, as the task says.
module.exports = function work(task) {
  if (task.spinMs) {
    const end = Date.now() + task.spinMs;
    // With `ticks`, it spins until the calling thread has counted that many timer ticks (or time is up).
    const counter = task.ticks ? new Int32Array(task.ticks.buffer) : null;
    while (Date.now() < end && !(counter && Atomics.load(counter, 0) >= task.ticks.count));
  }
  // `blockMs`: the thread waits without using a core, as a thread does on a machine busy with others.
  if (task.blockMs) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, task.blockMs);
  if (task.allocateMb) {
    const keep = [];
    for (let i = 0; i < task.allocateMb; i++) keep.push(new Array(128 * 1024).fill(i));
    return keep.length;
  }
  if (task.fail) throw new Error(task.fail);
  return task.answer ?? null;
};
