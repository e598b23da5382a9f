import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { tplModdleDescriptor } from '@tpl/workflows';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import '../designer/designer.css';
import { markersFor, type DiagramMarks } from './markers';

type Canvas = { addMarker(id: string, marker: string): void; zoom(level: 'fit-viewport', center?: 'auto'): void };
type Registry = { get(id: string): unknown };

/**
 * A deployed process drawn read-only (bpmn-js NavigatedViewer: pan and zoom), with the
 * nodes waiting now lit and the path taken marked.
 */
export const ProcessDiagram = ({ xml, marks = {}, height }: { xml: string; marks?: DiagramMarks; height?: number }) => {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string>();
  const key = JSON.stringify(marks);

  useEffect(() => {
    if (!ref.current) return;
    const container = ref.current;
    let live = true;
    let viewer: { importXML(xml: string): Promise<unknown>; get<T>(name: string): T; destroy(): void } | undefined;
    // bpmn-js loads with the first diagram shown, not with the console
    import('bpmn-js/lib/NavigatedViewer')
      .then(({ default: NavigatedViewer }) => {
        if (!live) return undefined;
        viewer = new NavigatedViewer({ container, moddleExtensions: { tpl: tplModdleDescriptor } });
        return viewer.importXML(xml);
      })
      .then(
      () => {
        if (!live || !viewer) return;
        const canvas = viewer.get<Canvas>('canvas');
        const registry = viewer.get<Registry>('elementRegistry');
        for (const [id, marker] of markersFor(JSON.parse(key) as DiagramMarks)) if (registry.get(id)) canvas.addMarker(id, marker);
        canvas.zoom('fit-viewport', 'auto');
        ref.current?.setAttribute('data-ready', 'true');
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
      viewer?.destroy();
    };
  }, [xml, key]);

  if (error) return <Alert type="error" showIcon title={t('flow.diagram.failed', { error })} />;
  return <div className="flow-diagram" ref={ref} style={height ? { height } : undefined} data-testid="process-diagram" />;
};
