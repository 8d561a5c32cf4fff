import type { Scene } from '@visualnotes/contracts';
import styles from './canvas.module.css';

/**
 * A light preview of a scene for galleries (boxes, ellipses, diamonds, lines, text) drawn as plain
 * SVG, so that browsing templates does not load the editor. Without a `label` it is decorative
 * (hidden from screen readers): where the text beside it already names it, as on a gallery card.
 */
export function ScenePreview({ scene, label }: { scene: Scene; label?: string }) {
  const named = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  const els = scene.elements.filter((e) => !e.isDeleted);
  if (!els.length) return <svg className={styles.preview} {...named} />;
  const minX = Math.min(...els.map((e) => e.x)) - 10;
  const minY = Math.min(...els.map((e) => e.y)) - 10;
  const maxX = Math.max(...els.map((e) => e.x + Math.abs(e.width))) + 10;
  const maxY = Math.max(...els.map((e) => e.y + Math.abs(e.height))) + 10;
  return (
    <svg className={styles.preview} viewBox={`${minX} ${minY} ${maxX - minX} ${maxY - minY}`} {...named}>
      {els.map((e) => {
        const el = e as typeof e & { backgroundColor?: string; strokeColor?: string; text?: string; fontSize?: number; points?: [number, number][] };
        const fill = el.backgroundColor && el.backgroundColor !== 'transparent' ? el.backgroundColor : 'none';
        const stroke = el.strokeColor ?? '#1e1e1e';
        switch (e.type) {
          case 'rectangle':
            return <rect key={e.id} x={e.x} y={e.y} width={e.width} height={e.height} rx={8} fill={fill} stroke={stroke} strokeWidth={2} />;
          case 'ellipse':
            return (
              <ellipse
                key={e.id}
                cx={e.x + e.width / 2}
                cy={e.y + e.height / 2}
                rx={e.width / 2}
                ry={e.height / 2}
                fill={fill}
                stroke={stroke}
                strokeWidth={2}
              />
            );
          case 'diamond': {
            const { x, y, width: w, height: h } = e;
            return (
              <polygon
                key={e.id}
                points={`${x + w / 2},${y} ${x + w},${y + h / 2} ${x + w / 2},${y + h} ${x},${y + h / 2}`}
                fill={fill}
                stroke={stroke}
                strokeWidth={2}
              />
            );
          }
          case 'arrow':
          case 'line':
            return (
              <polyline
                key={e.id}
                points={(el.points ?? []).map(([px, py]) => `${e.x + px},${e.y + py}`).join(' ')}
                fill="none"
                stroke={stroke}
                strokeWidth={2}
              />
            );
          case 'text':
            return (
              <text key={e.id} x={e.x} y={e.y + (el.fontSize ?? 20)} fontSize={el.fontSize ?? 20} fill={stroke} fontFamily="sans-serif">
                {(el.text ?? '').split('\n')[0]}
              </text>
            );
          default:
            return null;
        }
      })}
    </svg>
  );
}
