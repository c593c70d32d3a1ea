import sharp from 'sharp';

/**
 * The demo's files, made at install: PDFs drawn with pdf-lib (a landscape presentation and a portrait
 * document), and pictures drawn by sharp from SVG (the PDFs' covers, an infographic, a video poster).
 */

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function demoPdf(title: string, pages: Array<{ heading: string; lines: string[] }>, landscape: boolean): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Site platform demo');
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const [w, h] = landscape ? [842, 595] : [595, 842];
  pages.forEach((p, i) => {
    const page = doc.addPage([w, h]);
    if (i === 0) {
      page.drawRectangle({ x: 0, y: 0, width: w, height: h, color: rgb(0.13, 0.35, 0.6) });
      page.drawText(title, { x: 50, y: h / 2 + 20, size: 34, font: bold, color: rgb(1, 1, 1), maxWidth: w - 100 });
      p.lines.forEach((line, n) => page.drawText(line, { x: 50, y: h / 2 - 30 - n * 24, size: 16, font: regular, color: rgb(0.9, 0.93, 1) }));
      return;
    }
    page.drawRectangle({ x: 0, y: h - 70, width: w, height: 70, color: rgb(0.13, 0.35, 0.6) });
    page.drawText(p.heading, { x: 40, y: h - 48, size: 24, font: bold, color: rgb(1, 1, 1) });
    p.lines.forEach((line, n) => page.drawText(`•  ${line}`, { x: 50, y: h - 130 - n * 34, size: 18, font: regular, color: rgb(0.15, 0.15, 0.2), maxWidth: w - 100 }));
    page.drawText(`${i + 1} / ${pages.length}`, { x: w - 80, y: 24, size: 11, font: regular, color: rgb(0.4, 0.4, 0.45) });
  });
  return Buffer.from(await doc.save());
}

/** A cover picture of a PDF's first page (what the upload dialog's pdf.js would have drawn). */
export async function demoCover(title: string, subtitle: string, landscape: boolean): Promise<Buffer> {
  const [w, h] = landscape ? [800, 566] : [566, 800];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#215a99"/>
    <text x="48" y="${h / 2}" font-family="Helvetica, Arial, sans-serif" font-size="${landscape ? 34 : 30}" font-weight="bold" fill="#fff">${escape(title)}</text>
    <text x="48" y="${h / 2 + 44}" font-family="Helvetica, Arial, sans-serif" font-size="20" fill="#e6edff">${escape(subtitle)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** An infographic: a bar chart of made-up visits per month. */
export async function demoInfographic(): Promise<Buffer> {
  const values = [12, 18, 26, 31, 44, 52];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'];
  const bars = values.map((v, i) => `<rect x="${90 + i * 110}" y="${520 - v * 8}" width="70" height="${v * 8}" rx="6" fill="#2f7dd1"/>
    <text x="${125 + i * 110}" y="${510 - v * 8}" text-anchor="middle" font-family="Helvetica, Arial" font-size="20" fill="#1b2a3a">${v}k</text>
    <text x="${125 + i * 110}" y="555" text-anchor="middle" font-family="Helvetica, Arial" font-size="18" fill="#44546a">${months[i]}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="100%" height="100%" fill="#f4f7fb"/>
    <text x="60" y="70" font-family="Helvetica, Arial" font-size="34" font-weight="bold" fill="#1b2a3a">Visitors per month</text>
    <text x="60" y="108" font-family="Helvetica, Arial" font-size="20" fill="#44546a">The first half-year of the site, in thousands</text>
    <line x1="70" y1="520" x2="760" y2="520" stroke="#9aa8b8" stroke-width="2"/>${bars}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A poster for the demo video (its YouTube thumbnail would need the network). */
export async function demoPoster(title: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="100%" height="100%" fill="#1b1f24"/>
    <circle cx="400" cy="200" r="60" fill="#e62117"/><polygon points="380,170 380,230 432,200" fill="#fff"/>
    <text x="400" y="330" text-anchor="middle" font-family="Helvetica, Arial" font-size="30" fill="#fff">${escape(title)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
