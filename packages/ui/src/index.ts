import './tokens.css';

export { Button, buttonClassName } from './Button';
export type { ButtonProps } from './Button';
export { SidePanel } from './SidePanel';
export type { SidePanelProps } from './SidePanel';
export { ConfirmDialog } from './ConfirmDialog';
export { Skeleton, PageSkeleton } from './Skeleton';
export { EmptyState } from './EmptyState';
export { Field } from './Field';
export type { FieldProps } from './Field';
export { useModalDialog } from './use-modal-dialog';
export { ProductCard } from './ProductCard';
export type { ProductCardProps } from './ProductCard';
export { ListingFilters } from './ListingFilters';
export type { ListingFiltersProps, ListingFiltersLabels, AvailableFilters } from './ListingFilters';
export { Pagination } from './Pagination';
export type { PaginationLabels } from './Pagination';
