// Saves bytes as a file the way a user's browser downloads one: a Blob URL on a temporary
// <a download> element, clicked, then revoked. Used by the page's PNG export.
'use strict';

window.taescopeDownload = function (bytes, fileName, mimeType) {
  const blob = new Blob([bytes], { type: mimeType || 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  return { fileName, size: bytes.length, url };
};
