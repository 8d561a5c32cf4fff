// Types of the parts of two libraries without their own.

declare module 'fontkit' {
  export interface Font {
    characterSet: number[];
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function openSync(path: string): Font | { fonts: Font[] };
}

declare module 'svg-to-pdfkit' {
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    assumePt?: boolean;
    warningCallback?: (message: string) => void;
  }
  export default function SVGtoPDF(doc: PDFKit.PDFDocument, svg: string, x?: number, y?: number, options?: SvgToPdfOptions): void;
}
