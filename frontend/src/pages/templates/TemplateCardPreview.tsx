import { useTemplateQuery } from '../../features/canvas/api';
import styles from '../../features/canvas/canvas.module.css';
import { ScenePreview } from '../../features/canvas/ScenePreview';

export function TemplateCardPreview({ id, name }: { id: string; name: string }) {
  const { data } = useTemplateQuery(id);
  return data ? <ScenePreview scene={data.scene} label={name} /> : <div className={styles.preview} />;
}
