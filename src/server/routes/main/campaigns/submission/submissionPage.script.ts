/**
 * The submission page's one script (inline, allowed by the response's CSP nonce; `__MESSAGES__` is replaced by the
 * messages as JSON). Plain ES2017 for any phone's browser: checks what it can before sending (the server checks again),
 * sends the video with XMLHttpRequest for its upload progress, moves focus to what needs fixing and announces the
 * outcome. Kept as text: it runs in the creator's browser, not in this process.
 */
export const SUBMISSION_PAGE_SCRIPT = `
(function () {
  'use strict';
  var messages = __MESSAGES__;
  var form = document.getElementById('submit-form');
  if (!form) return;
  var maxBytes = Number(form.getAttribute('data-max-bytes'));
  var types = String(form.getAttribute('data-types')).split(',');
  var nameInput = document.getElementById('name');
  var emailInput = document.getElementById('email');
  var fileInput = document.getElementById('video');
  var urlInput = document.getElementById('url');
  var progress = document.getElementById('progress');
  var status = document.getElementById('status');
  var error = document.getElementById('error');
  var button = form.querySelector('button[type="submit"]');
  var fileField = form.querySelector('[data-way="file"]');
  var linkField = form.querySelector('[data-way="link"]');

  function way() {
    var chosen = form.querySelector('input[name="way"]:checked');
    if (chosen) return chosen.value;
    return fileField.hidden ? 'link' : 'file';
  }
  Array.prototype.forEach.call(form.querySelectorAll('input[name="way"]'), function (radio) {
    radio.addEventListener('change', function () {
      fileField.hidden = way() !== 'file';
      linkField.hidden = way() !== 'link';
    });
  });
  [nameInput, emailInput, fileInput, urlInput].forEach(function (input) {
    input.addEventListener('input', function () {
      input.removeAttribute('aria-invalid');
      error.textContent = '';
    });
  });

  function fail(message, field) {
    progress.hidden = true;
    button.disabled = false;
    status.textContent = '';
    error.textContent = message;
    if (field) {
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-errormessage', 'error');
      field.focus();
    } else {
      error.focus();
    }
  }

  function done(message) {
    form.hidden = true;
    var thanks = document.getElementById('done');
    document.getElementById('done-text').textContent = message;
    thanks.hidden = false;
    thanks.focus();
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    error.textContent = '';
    var name = nameInput.value.trim();
    var email = emailInput.value.trim();
    if (!name) return fail(messages.nameMissing, nameInput);
    if (!email || emailInput.validity.typeMismatch) return fail(messages.emailInvalid, emailInput);
    var data = new FormData();
    data.append('name', name);
    data.append('email', email);
    // Before the file: the server checks the fields before it stores a byte.
    var ratings = form.querySelectorAll('input[name="rating"]');
    if (ratings.length > 0) {
      var rated = form.querySelector('input[name="rating"]:checked');
      if (!rated) return fail(messages.ratingMissing, ratings[0]);
      data.append('rating', rated.value);
    }
    var sendingFile = way() === 'file';
    if (sendingFile) {
      var file = fileInput.files && fileInput.files[0];
      if (!file) return fail(messages.videoMissing, fileInput);
      var ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
      if (types.indexOf(ext) < 0) return fail(messages.notAVideo, fileInput);
      if (file.size > maxBytes) return fail(messages.tooLarge, fileInput);
      data.append(fileInput.name, file, file.name);
    } else {
      var url = urlInput.value.trim();
      if (!url) return fail(messages.videoMissing, urlInput);
      data.append('url', url);
    }
    var request = new XMLHttpRequest();
    request.open('POST', form.action);
    request.responseType = 'json';
    request.upload.addEventListener('progress', function (step) {
      if (!step.lengthComputable) return;
      progress.value = Math.round((step.loaded / step.total) * 100);
      progress.setAttribute('aria-valuetext', progress.value + ' %');
    });
    request.addEventListener('load', function () {
      var body = request.response || {};
      if (request.status === 200) return done(body.message);
      fail(body.message || messages.failed, null);
    });
    request.addEventListener('error', function () { fail(messages.lost, null); });
    button.disabled = true;
    progress.value = 0;
    progress.hidden = !sendingFile;
    status.textContent = sendingFile ? 'Uploading your video…' : 'Sending your link…';
    request.send(data);
  });
})();
`;
