import type { Scene } from '@visualnotes/contracts';
import { useEffect, useMemo, useState } from 'react';
import styles from './canvas.module.css';
import { fetchDataUrl } from './http';
import { useCanvasModule } from './useCanvasModule';

/**
 * The interactive read-only viewer (published pages, share links); images come from `filesPath`,
 * or are given (`images`, data URLs by Excalidraw file id) when they are on this device.
 */
export function ReadOnlyCanvas({
  scene,
  filesPath,
  images: given,
  fallback,
  className,
}: {
  scene: Scene;
  filesPath?: string;
  images?: Record<string, string>;
  fallback?: React.ReactNode;
  className?: string;
}) {
  const { mod } = useCanvasModule();
  const [fetched, setImages] = useState<Record<string, string>>({});
  const images = given ?? fetched;
  useEffect(() => {
    if (given || !filesPath) return;
    let live = true;
    void Promise.all(Object.values(scene.files ?? {}).map(async (f) => [f.id, await fetchDataUrl(`${filesPath}/${f.file_id}`, false)] as const)).then(
      (pairs) => live && setImages(Object.fromEntries(pairs.filter(([, url]) => url)) as Record<string, string>),
    );
    return () => {
      live = false;
    };
  }, [scene, filesPath, given]);
  const view = useMemo(() => {
    if (!mod) return null;
    const View = mod.default;
    return <View scene={scene} readOnly images={images} />;
  }, [mod, scene, images]);
  return (
    <div className={className ?? styles.viewer} data-testid="read-only-canvas">
      {view ?? fallback}
    </div>
  );
}
