// Opens a queue-dashboard session with the token the web app keeps after login. Served by the
// gateway, which puts the storage key in place of the AUTH_TOKEN_STORAGE_KEY placeholder.
(function () {
  var status = document.getElementById('status');
  var raw = null;
  try {
    raw = localStorage.getItem('AUTH_TOKEN_STORAGE_KEY');
  } catch (e) {
    // storage blocked (private mode): treated as signed out
  }
  var token = raw && raw !== 'false' ? raw.replace(/^bearer\s+/i, '') : null;
  if (!token) {
    status.textContent = 'Please log in with an operator account, then open this page again.';
    return;
  }
  fetch('/api/admin/session', { method: 'POST', headers: { authorization: 'Bearer ' + token }, credentials: 'same-origin' })
    .then(function (res) {
      if (res.ok) {
        location.reload();
        return;
      }
      status.textContent = res.status === 403 ? 'This account is not an operator account.' : 'Please log in again, then open this page again.';
    })
    .catch(function () {
      status.textContent = 'The server could not be reached.';
    });
})();
