import { useSearchParams } from 'react-router';
import { TaskDetailView } from '../components/detail/TaskDetailView';

/** Release task detail (?taskId=). */
export default function CloudUpgradeDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('taskId'));
  return <TaskDetailView taskId={Number.isInteger(id) && id > 0 ? id : null} variant="task" />;
}
