/** Just enough MIME to read what nodemailer sends: headers, multipart parts, base64 and quoted-printable. */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type ParsedMail = { to: string[]; subject: string; text: string; html: string; attachments: MailAttachment[] };

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes);
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index === -1 ? raw : raw.slice(0, index);
  const body = index === -1 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

type Collected = { text: string; html: string; attachments: MailAttachment[] };

function attachmentOf(headers: Record<string, string>, body: string): MailAttachment | null {
  const disposition = headers['content-disposition'] ?? '';
  if (!/^attachment/i.test(disposition)) return null;
  const filename = decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '');
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const content = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'utf8');
  return { filename, contentType: (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase(), content };
}

function collect(raw: string, out: Collected) {
  const { headers, body } = splitHeaders(raw);
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      collect(part.replace(/^\r?\n/, ''), out);
    }
    return;
  }
  const attachment = attachmentOf(headers, body);
  if (attachment) out.attachments.push(attachment);
  else if (type.startsWith('text/html')) out.html += decodeBody(headers, body);
  else if (type.startsWith('text/plain')) out.text += decodeBody(headers, body);
}

export function parseMail(raw: string, to: string[]): ParsedMail {
  const { headers } = splitHeaders(raw);
  const out: Collected = { text: '', html: '', attachments: [] };
  collect(raw, out);
  return { to, subject: decodeWords(headers.subject ?? ''), ...out };
}
