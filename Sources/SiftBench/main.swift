import Sift

print("sift-bench")
