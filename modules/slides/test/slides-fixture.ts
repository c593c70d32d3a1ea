import zlib from 'node:zlib';
import sharp from 'sharp';
import { UserAccounts } from '@platform/base';
import { RpcClient } from '../../../test/support/rpc-client';
import type { TestKernel } from '../../../test/support/harness';

/** A PDF of `pages` pages (landscape when asked), made with pdf-lib. */
export async function makePdf(pages = 3, landscape = false, title = 'Test deck'): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage(landscape ? [842, 595] : [595, 842]);
    page.drawText(`${title} page ${i}`, { x: 50, y: 300, size: 28, font });
  }
  return Buffer.from(await doc.save());
}

/** A PDF whose trailer names an encryption dictionary: a password-protected file, as readers see it. */
export function encryptedPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    '<< /Filter /Standard /V 1 /R 2 /O <' + '11'.repeat(32) + '> /U <' + '22'.repeat(32) + '> /P -44 >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => { offsets.push(body.length); body += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export async function makePng(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer();
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A tiny PNG whose header claims 60000 x 60000 pixels (a decompression bomb's disguise). */
export async function hugeDeclaredPng(): Promise<Buffer> {
  const png = Buffer.from(await makePng(1, 1));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type): width, height.
  png.writeUInt32BE(60000, 16);
  png.writeUInt32BE(60000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A zlib stream inflating to many zero rows: the bytes of a real bomb's IDAT, behind a big declared size. */
export function bombIdat(): Buffer {
  return zlib.deflateSync(Buffer.alloc(10 * 1024 * 1024));
}

/** An ELF executable's first bytes, renamed to .pdf by its sender. */
export const fakeExecutable = (): Buffer => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2000, 0x90)]);

export async function userClient(tk: TestKernel, login: string, groups: string[]): Promise<{ client: RpcClient; uid: number }> {
  const uid = await tk.get(UserAccounts).create({ name: login.replace(/^\w/, (c) => c.toUpperCase()), login, password: 'password-123', email: `${login}@example.com`, groups });
  const client = new RpcClient(tk.url);
  await client.authenticate(login, 'password-123');
  return { client, uid: Number(uid) };
}

export async function demoIds(tk: TestKernel): Promise<{ channel: number; privateChannel: number; tour: number; guide: number; video: number; handbook: number }> {
  const su = tk.sudo();
  const id = async (model: string, name: string) => Number((await su.model(model).search_read([['name', '=', name]], ['id'], { limit: 1 }))[0].id);
  return {
    channel: await id('slide.channel', 'Getting started'), privateChannel: await id('slide.channel', 'Team handbook'),
    tour: await id('slide.slide', 'A tour of the site'), guide: await id('slide.slide', 'Slide channel guide'),
    video: await id('slide.slide', 'Open-source software in five minutes'), handbook: await id('slide.slide', 'Team handbook'),
  };
}
