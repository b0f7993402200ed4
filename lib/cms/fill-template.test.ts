import { describe, expect, it } from 'vitest';
import { fillTemplate } from './fill-template';

describe('fillTemplate', () => {
  it('fills text placeholders escaped and the content as HTML', () => {
    const html = fillTemplate(
      '<section class="hero"><h1>{{ title }}</h1><img src="{{banner}}" alt="" /><div class="body">{{content}}</div><p>{{unknown}}</p></section>',
      { title: 'A & <B>', banner: '/api/conference/asset/x.png' },
      '<p>Hello <strong>world</strong></p>',
    );
    expect(html).toBe(
      '<section class="hero"><h1>A &amp; &lt;B&gt;</h1><img src="/api/conference/asset/x.png" alt="" /><div class="body"><p>Hello <strong>world</strong></p></div><p></p></section>',
    );
  });

  it('lets no script, handler or javascript: URL through, wherever a placeholder stands', () => {
    const html = fillTemplate(
      '<a href="{{registerUrl}}" title="{{content}}">x</a><div onclick="alert(1)">{{title}}</div><script>alert(2)</script><a href="javascript:alert(3)">y</a>',
      { registerUrl: 'javascript:alert(4)', title: '<img src=x onerror=alert(5)>' },
      '"><img src=x onerror=alert(6)><script>alert(7)</script>',
    );
    expect(html).not.toMatch(/<script|<[^>]*\son[a-z]+=|javascript:/i);
    expect(html).toBe('<a>"&gt;x</a><div>&lt;img src=x onerror=alert(5)&gt;</div><a>y</a>');
    expect(html).toContain('&lt;img src=x onerror=alert(5)&gt;');
  });
});
