import { useSearchParams } from 'react-router';
import { TaskDetailView } from '../components/detail/TaskDetailView';

/** Gray (canary) release detail (?taskId=): the waves, their gates and the promotion. */
export default function GrayDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('taskId'));
  return <TaskDetailView taskId={Number.isInteger(id) && id > 0 ? id : null} variant="gray" />;
}
