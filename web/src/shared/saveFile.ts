/** Hands a downloaded file to the browser: an object URL behind an <a download>. */
export const saveFile = ({ blob, filename }: { blob: Blob; filename: string }): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the click has started the download; the URL may go once the event loop moves on
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
