import { useTemplateQuery } from '../../features/canvas/api';
import styles from '../../features/canvas/canvas.module.css';
import { ScenePreview } from '../../features/canvas/ScenePreview';

/** A gallery card's picture: decorative, the card's text names the template. */
export function TemplateCardPreview({ id }: { id: string }) {
  const { data } = useTemplateQuery(id);
  return data ? <ScenePreview scene={data.scene} /> : <div className={styles.preview} />;
}
