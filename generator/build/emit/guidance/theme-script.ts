// The theme's script: a copy button on each code block, added only where the browser can copy. Pages are whole
// without it (no content, link or navigation depends on it).

export const THEME_SCRIPT = `(() => {
  if (!navigator.clipboard) return;
  for (const pre of document.querySelectorAll('main pre')) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy this code');
    button.addEventListener('click', () => {
      navigator.clipboard.writeText(pre.innerText).then(
        () => { button.textContent = 'Copied'; },
        () => { button.textContent = 'Copy failed'; },
      );
      setTimeout(() => { button.textContent = 'Copy'; }, 2000);
    });
    const frame = document.createElement('div');
    frame.className = 'code-frame';
    pre.replaceWith(frame);
    frame.append(pre, button);
  }
})();
`;
