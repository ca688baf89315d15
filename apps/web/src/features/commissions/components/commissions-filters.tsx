import { COMMISSION_RULE_TYPE_LABELS, COMMISSION_RULE_TYPES, type CommissionRuleType } from '@app/domain';
import { Group } from '@mantine/core';
import { ChoiceSelect, labelledOptions, SearchField } from '../../../components/filter-fields';

interface CommissionsFiltersProps {
  search: string;
  type: CommissionRuleType | '';
  onSearch: (search: string) => void;
  onType: (type: CommissionRuleType | '') => void;
}

/** Search by owner or supplier, and the rule type ('' for all types). */
export function CommissionsFilters({ search, type, onSearch, onType }: CommissionsFiltersProps) {
  return (
    <Group mb="md" align="flex-end">
      <SearchField
        maw={360}
        style={{ flex: 1 }}
        aria-label="Search commissions"
        placeholder="Search by owner or supplier"
        value={search}
        onChange={onSearch}
      />
      <ChoiceSelect
        aria-label="Commission type"
        w={160}
        data={[
          { value: '', label: 'All types' },
          ...labelledOptions(COMMISSION_RULE_TYPES, COMMISSION_RULE_TYPE_LABELS),
        ]}
        value={type}
        onChange={(value) => onType(value as CommissionRuleType | '')}
      />
    </Group>
  );
}
