import { describe, expect, it } from 'vitest';
import { noticeHtml } from './content';

describe('a notice’s content as HTML', () => {
  it('sanitises rich text and keeps plain text’s paragraphs and line breaks, escaped', () => {
    expect(noticeHtml('<p>Hi <a href="javascript:alert(1)" onclick="x()">there</a></p><script>bad()</script>')).toBe(
      '<p>Hi <a>there</a></p>',
    );
    expect(noticeHtml('Line 1\nLine 2\n\nA & B < C')).toBe('<p>Line 1<br>Line 2</p><p>A &amp; B &lt; C</p>');
    expect(noticeHtml('  ')).toBe('');
  });
});
