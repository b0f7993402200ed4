import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';

describe('plainText', () => {
  it('keeps plain text as typed, paragraphs and all', () => {
    expect(plainText('第一段。\n\n第二段：a < b, x > y.')).toBe('第一段。\n\n第二段：a < b, x > y.');
  });

  it('drops tags, scripts and styles, and turns blocks and breaks into lines', () => {
    expect(plainText('<p>Hello <b>world</b></p><script>alert(1)</script><style>p{}</style><p>Line<br>two</p>')).toBe(
      'Hello world\n\nLine\ntwo',
    );
    expect(plainText('<div onclick="x()">A</div><!-- note -->B')).toBe('A\n\nB');
  });

  it('decodes entities once, and leaves unusable ones as written', () => {
    expect(plainText('R&amp;D &lt;b&gt; &#20013;&#x6587; &amp;lt;')).toBe('R&D <b> 中文 &lt;');
    expect(plainText('&#0; &#xD800; &bogus;')).toBe('&#0; &#xD800; &bogus;');
  });

  it('removes markdown marks but keeps their words', () => {
    expect(plainText('# Title\n\n**Bold**, *italic*, `code` and [a link](https://example.org) ![img](x.png)')).toBe(
      'Title\n\nBold, italic, code and a link img',
    );
    expect(plainText('- one\n* two\n> quoted')).toBe('• one\n• two\nquoted');
    expect(plainText('2 * 3 * 4 = 24, snake_case_name')).toBe('2 * 3 * 4 = 24, snake_case_name');
  });

  it('drops control characters and squeezes spaces', () => {
    expect(plainText('a\u0000b\u0007c   d\t\te\r\n\n\n\nf')).toBe('abc d e\n\nf');
  });
});
