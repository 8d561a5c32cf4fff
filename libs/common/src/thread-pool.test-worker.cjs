// A worker for the thread pool's tests: it spins, allocates or answers, as the task says.
module.exports = function work(task) {
  task.started?.postMessage('started');
  task.started?.close();
  if (task.spinMs) {
    const end = Date.now() + task.spinMs;
    while (Date.now() < end);
  }
  if (task.allocateMb) {
    const keep = [];
    for (let i = 0; i < task.allocateMb; i++) keep.push(new Array(128 * 1024).fill(i));
    return keep.length;
  }
  if (task.fail) throw new Error(task.fail);
  return task.answer ?? null;
};
