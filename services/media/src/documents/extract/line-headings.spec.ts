import { cleanDocument } from './clean-text';
import { lineHeadings } from './line-headings';
import { runningText } from './pptx';
import type { ExtractedDocument } from './types';

const doc = (texts: string[], kind: ExtractedDocument['kind'] = 'pdf', titles: (string | null)[] = []): ExtractedDocument => ({
  kind,
  title: null,
  pages: texts.map((text, i) => ({ page: i + 1, title: titles[i] ?? null, text })),
});

/** A short study report as a PDF without outline or larger type gives it: printed lines broken mid-sentence, headings at the body's size. */
const REPORT_PAGE = [
  'Concept Maps and Recall: A Small Study',
  'Introduction',
  'Students often reread their notes before an exam, although rereading is a weak',
  'way to remember what was taught. Drawing a concept map asks the learner to name',
  'the main ideas of a lesson and to connect them with labelled links.',
  'Method',
  'Sixty first-year biology students watched the same twenty-minute lecture on cell',
  'respiration. Half of them were randomly assigned to the canvas group and drew',
  'concept maps during the lecture, while the other half wrote linear notes.',
  'Results',
  'The canvas group scored higher on recall and transfer questions. They also',
  'reported enjoying the study session more. The average recall score was 14.2 out',
  'of 20 in the canvas group and 11.8 out of 20 in the notes group.',
  'Conclusion',
  'Drawing concept maps on a shared canvas helped students remember a lecture and',
  'apply what they learned. The study should be repeated with other subjects.',
].join('\n');

describe('headings set as short lines of their own', () => {
  it('finds the headings of a document without styled ones, across its pages', () => {
    const cleaned = cleanDocument(doc([REPORT_PAGE]), { runningLines: true });
    expect(cleaned.pages[0].headings).toEqual(['Introduction', 'Method', 'Results', 'Conclusion']);
    // The same report as Word paragraphs (a line each, no heading styles), its chapters on two parts.
    const lines = REPORT_PAGE.split('\n');
    const paragraphs = lines.reduce<string[]>((out, line, i) => {
      if (i > 0 && !/[.:]$|^(Introduction|Method|Results|Conclusion)$/.test(lines[i - 1]) && !/^(Introduction|Method|Results|Conclusion)$/.test(line))
        out[out.length - 1] += ` ${line}`;
      else out.push(line);
      return out;
    }, []);
    expect(paragraphs).toHaveLength(9);
    const word = cleanDocument(doc([paragraphs.slice(0, 5).join('\n'), paragraphs.slice(5).join('\n')], 'docx'), { runningLines: false });
    expect(word.pages.map((p) => p.headings)).toEqual([
      ['Introduction', 'Method'],
      ['Results', 'Conclusion'],
    ]);
  });

  it('leaves documents with styled headings (slide titles, Word headings, outlines) as they are', () => {
    const titled = cleanDocument(doc([REPORT_PAGE], 'pptx', ['Study report']), { runningLines: true });
    expect(titled.pages[0].headings).toBeUndefined();
    const outlined = cleanDocument(
      { ...doc([REPORT_PAGE]), pages: [{ page: 1, title: null, text: REPORT_PAGE, headings: ['Results'] }] },
      { runningLines: true },
    );
    expect(outlined.pages[0].headings).toEqual(['Results']);
  });

  it('takes no line that ends or begins a wrapped sentence, no code, no label said twice, and none when fewer than three', () => {
    // Only two headings: none counts.
    expect(lineHeadings([{ text: REPORT_PAGE.split('\nResults')[0] }]).flat()).toEqual([]);
    const wrapped = [
      'The pilot ran for a whole term in four schools. The teachers were given the',
      'Canvas Kit',
      'and a short guide that explained how to draw a map with a class of thirty pupils.',
      'Setup',
      'LEN = strlen(VALUE)+1',
      'Every class drew one map a week and kept it on the shared board for the others.',
      'Figure 2 Results by school',
      'Maps grew longer over the term in every school, and the pupils asked for more time.',
      'Figure 3 Results by school',
      'Pupils who drew more maps also wrote longer answers in the tests at the end of term.',
      'Notes',
      '• Schools chose their own topics for the maps and the tests that followed them',
    ].join('\n');
    // "Canvas Kit" goes on with the sentence above it; "Setup" opens code; the figure labels repeat; "Notes" opens a list.
    expect(lineHeadings([{ text: wrapped }]).flat()).toEqual([]);
  });

  it('finds headings standing alone in Chinese, and none in a Thai or Hindi text without them', () => {
    const chinese = [
      '引言',
      '学生在考试前常常重读笔记，但是重读并不是一种有效的记忆方法。我们想知道画概念图的学生是否记得更多的内容，这个问题对于教师很重要。',
      '方法',
      '六十名一年级学生观看了同一节关于细胞呼吸的讲座。一半学生在讲座中画概念图，另一半学生在文本编辑器中写笔记。',
      '结果',
      '画概念图的学生在回忆和迁移问题上得分更高。他们也更喜欢这次学习，平均回忆得分是十四分，而另一组是十二分。',
    ].join('\n');
    expect(lineHeadings([{ text: chinese }]).flat()).toEqual(['引言', '方法', '结果']);
    const thai = 'การประชุมวันนี้ได้หารือเกี่ยวกับแผนการตลาด\nทีมงานได้นำเสนอผลการสำรวจลูกค้าและยอดขายในไตรมาสที่ผ่านมา ผู้จัดการขอให้ทุกคนเตรียมข้อมูลเพิ่มเติม';
    expect(lineHeadings([{ text: thai }]).flat()).toEqual([]);
    const hindi = 'भारत में डिजिटल भुगतान\nभारत में डिजिटल भुगतान का उपयोग तेजी से बढ़ रहा है। छोटे दुकानदार भी अब मोबाइल से भुगतान लेते हैं और ग्राहक नकद कम रखते हैं।';
    expect(lineHeadings([{ text: hindi }]).flat()).toEqual([]);
  });
});

describe("a slide's first line as its title", () => {
  it('is no title when it is a line of running text', () => {
    expect(runningText('The canvas group scored higher on recall and transfer questions. They also', 'reported enjoying the study session more.')).toBe(true);
    expect(runningText('received a ten-minute introduction to the tool', 'before the lecture began.')).toBe(true);
    expect(runningText('Students in the canvas group spent slightly more time on', 'their notes, which may explain part of the gain.')).toBe(true);
    expect(runningText('Quarterly sales review', 'Revenue grew in every region.')).toBe(false);
    expect(runningText('Results', 'reduced errors by a fifth')).toBe(false);
    expect(runningText('Why draw concept maps?', 'they are quick to make')).toBe(false);
    expect(runningText('Concept Maps and Recall: A Small Study', undefined)).toBe(false);
  });
});
