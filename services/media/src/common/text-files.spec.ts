import iconv from 'iconv-lite';
import { Messages } from '@visualnotes/contracts';
import { decodeText, textEncoding, UNKNOWN_ENCODING } from './text-files';

const srt = '1\r\n00:00:01,000 --> 00:00:03,500\r\nLa réunion coûte 12 000 € — déjà payé.\r\n';

describe('text files as people save them', () => {
  it('reads UTF-8 with and without a byte-order mark', () => {
    expect(decodeText(Buffer.from(srt))).toBe(srt);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(srt)]))).toBe(srt);
  });

  it('reads UTF-16 with a byte-order mark (Notepad "Unicode"), little and big endian', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(srt, 'utf16le')]);
    const be = iconv.encode(srt, 'utf16be', { addBOM: true });
    expect(textEncoding(le)).toBe('utf-16le');
    expect(textEncoding(be)).toBe('utf-16be');
    expect(decodeText(le)).toBe(srt);
    expect(decodeText(be)).toBe(srt);
    // characters outside the BMP, and a sample that cuts a pair in half
    const emoji = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('notes 📝 and 𝄞 music', 'utf16le')]);
    expect(textEncoding(emoji.subarray(0, 16))).toBe('utf-16le');
    expect(decodeText(emoji)).toBe('notes 📝 and 𝄞 music');
  });

  it('reads Windows-1252, also when its first accent comes after the first 64 KiB', () => {
    expect(textEncoding(iconv.encode(srt, 'win1252'))).toBe('windows-1252');
    expect(decodeText(iconv.encode(srt, 'win1252'))).toBe(srt);
    const late = `${'a'.repeat(70_000)} café €`;
    expect(decodeText(iconv.encode(late, 'win1252'))).toBe(late);
  });

  it('takes a UTF-8 character cut at the end of a sample', () => {
    const bytes = Buffer.from('tschüß');
    expect(textEncoding(bytes.subarray(0, bytes.length - 1))).toBe('utf-8');
  });

  it('refuses binary data, with or without what looks like a byte-order mark', () => {
    expect(textEncoding(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x00, 0x07]))).toBeNull();
    expect(textEncoding(Buffer.from([0x80, 0x81, 0x02, 0x90, 0x9d, 0x05, 0x06, 0x07]))).toBeNull();
    // an MP3 frame header starts with FF FB or FF FE alike; its data is no text
    expect(textEncoding(Buffer.from([0xff, 0xfe, 0x90, 0x00, 0x01, 0x02, 0x00, 0x00, 0x11, 0x12]))).toBeNull();
    expect(decodeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBeNull();
  });
});

describe('text in legacy encodings', () => {
  const lecture = {
    gb18030:
      '1\r\n00:00:01,000 --> 00:00:04,000\r\n欢迎来到关于咖啡的讲座。今天我们将讨论这种饮料的历史。\r\n\r\n2\r\n00:00:04,500 --> 00:00:08,000\r\n咖啡最早是在埃塞俄比亚被发现的，后来传到了也门。\r\n',
    big5: '歡迎來到關於咖啡的講座。今天我們將討論這種飲料的歷史。咖啡最早是在衣索比亞被發現的，後來傳到了葉門。',
    shift_jis: '1\r\n00:00:01,000 --> 00:00:04,000\r\nコーヒーの歴史についての講義へようこそ。今日はこの飲み物の歴史について話します。\r\n',
    'euc-kr': '커피에 관한 강의에 오신 것을 환영합니다. 오늘은 커피의 역사에 대해 이야기하겠습니다.',
    'windows-1251': 'Добро пожаловать на лекцию о кофе. Сегодня мы поговорим об истории напитка.',
  };

  it.each(Object.entries(lecture))('reads %s as what it is, not as Windows-1252', (encoding, text) => {
    const bytes = iconv.encode(text, encoding);
    expect(textEncoding(bytes)).toBe(encoding);
    expect(decodeText(bytes)).toBe(text);
  });

  it('refuses, before anything is charged, text whose encoding cannot be told', () => {
    // Five kana in Shift-JIS read as Cyrillic too (KOI8-R); two Chinese characters in GBK as almost anything.
    for (const bytes of [iconv.encode('1\n00:00:01,000 --> 00:00:02,000\nこんにちは\n', 'shift_jis'), iconv.encode('欢迎', 'gbk')]) {
      expect(textEncoding(bytes)).toBe(UNKNOWN_ENCODING);
      expect(() => decodeText(bytes)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_FILE', message: Messages.textEncodingUnknown }));
    }
  });
});
